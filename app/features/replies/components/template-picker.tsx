import { Form } from "react-router";
import { controlClasses, SelectOptions } from "~/ui/forms/fields";
import { Button } from "~/ui/button";

// The record page's template picker: a GET form to the record's own address with `?template=<id>`,
// so that without JavaScript the page comes back with the reply form filled in from the template
// (the server fills it, server/reply-draft.server.ts); with JavaScript the router does the same
// without a page load. The list's `back` address rides along.

/** The address without `?template=`: where a reply sent returns to, with an empty form. */
export function withoutTemplate(path: string): string {
  const url = new URL(path, "http://record.invalid");
  url.searchParams.delete("template");
  return url.pathname + url.search;
}

export function TemplatePicker({
  action,
  back,
  templates,
  picked,
  missing,
}: {
  action: string;
  /** The list the record was opened from (?back=), kept on the new address. */
  back: string | null;
  templates: readonly { id: number; name: string }[];
  picked: number | null;
  missing: boolean;
}) {
  if (templates.length === 0 && !missing) return null;
  return (
    <Form
      method="get"
      action={`${action}#reply`}
      preventScrollReset
      aria-label="Reply templates"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <div className="min-w-0 grow sm:grow-0">
        <label htmlFor="reply-template" className="block text-sm font-semibold text-slate-800">
          Start from a template
        </label>
        <select
          id="reply-template"
          name="template"
          defaultValue={picked ?? ""}
          className={`${controlClasses} h-11 sm:min-w-72`}
        >
          <option value="">Choose a template…</option>
          <SelectOptions
            options={templates.map((template) => ({ value: String(template.id), label: template.name }))}
          />
        </select>
      </div>
      <Button type="submit" variant="secondary" size="sm" className="h-11">
        Use template
      </Button>
      {missing ? (
        <p role="alert" className="w-full text-sm font-semibold text-red-800">
          That template no longer exists: someone may have deleted it. Choose another.
        </p>
      ) : null}
    </Form>
  );
}
