import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { type Ref, useState } from "react";
import { EyeIcon, EyeOffIcon } from "~/ui/icons";
import { useHydrated } from "~/ui/hydration/use-hydrated";
import { controlClasses, FieldFrame } from "./fields";

/**
 * A password field with a show/hide toggle. The toggle needs JavaScript, so it appears only
 * once the page is hydrated; without JavaScript the password simply stays hidden.
 */
export function PasswordField({
  meta,
  label,
  autoComplete,
  inputRef,
}: {
  meta: FieldMetadata<string>;
  label: string;
  autoComplete: "current-password" | "new-password";
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <FieldFrame meta={meta} label={label}>
      <div className="relative">
        <input
          {...getInputProps(meta, { type: "password", value: false })}
          key={meta.key}
          ref={inputRef}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          className={`${controlClasses} pr-12`}
        />
        {hydrated ? (
          <button
            type="button"
            aria-label="Show password"
            aria-pressed={visible}
            aria-controls={meta.id}
            onClick={() => setVisible((current) => !current)}
            // top-1 matches the input's mt-1.
            className="absolute top-1 right-0 bottom-0 grid w-11 place-items-center rounded-r-md text-slate-600 hover:text-blue-900"
          >
            {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
