import { useState, type ComponentProps } from "react";
import { EyeIcon, EyeOffIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/use-hydrated";
import { inputClasses } from "./field";

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears only
 * once the page is hydrated; without JavaScript the password simply stays hidden.
 */
export function PasswordInput({ className = "", ...props }: ComponentProps<"input">) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <input {...props} type={visible ? "text" : "password"} className={`${inputClasses} pr-12 ${className}`} />
      {hydrated ? (
        <button
          type="button"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((current) => !current)}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-md text-slate-600 hover:text-blue-900"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      ) : null}
    </div>
  );
}
