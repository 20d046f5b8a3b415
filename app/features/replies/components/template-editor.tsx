import { Form, useNavigation } from "react-router";
import { controlClasses } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import { ItemActionFields } from "~/ui/forms/item-action";
import { REPLY_SUBJECT_MAX } from "../messages";
import { TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX } from "../templates";

// One reply template's form on the settings page: a plain HTML post with an intent (add or edit),
// and for a saved template a Delete form beside it. The server validates; its refusal comes back
// with what the owner typed and a message under each field.

type Fields = { name: string; subject: string; body: string };
type Errors = Partial<Record<keyof Fields, string>>;

export function TemplateEditor({
  template,
  refusal,
}: {
  /** The saved template, or null for the "add" form. */
  template: ({ id: number } & Fields) | null;
  refusal: { message: string; errors: Errors; entered: Fields } | null;
}) {
  const navigation = useNavigation();
  const prefix = template ? `template-${template.id}` : "template-new";
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(template?.id ?? "");
  const value = refusal?.entered ?? template ?? { name: "", subject: "", body: "" };
  const errors = refusal?.errors ?? {};
  const field = (name: keyof Fields) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: value[name],
    required: true,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
  });
  const error = (name: keyof Fields) =>
    errors[name] ? (
      <p id={`${prefix}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: keyof Fields, text: string) => (
    <label htmlFor={`${prefix}-${name}`} className="block text-sm font-semibold text-slate-800">
      {text}
    </label>
  );
  return (
    <div className="grid gap-3">
      <Form method="post" className="grid gap-3" aria-label={template ? `Edit “${template.name}”` : "Add a template"}>
        <input type="hidden" name="intent" value={template ? "template.edit" : "template.add"} />
        <input type="hidden" name="id" value={template?.id ?? ""} />
        {refusal ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
            {refusal.message}
          </p>
        ) : null}
        <div>
          {label("name", "Name")}
          <input {...field("name")} maxLength={TEMPLATE_NAME_MAX} className={`${controlClasses} h-11`} />
          {error("name")}
        </div>
        <div>
          {label("subject", "Subject")}
          <input {...field("subject")} maxLength={REPLY_SUBJECT_MAX} className={`${controlClasses} h-11`} />
          {error("subject")}
        </div>
        <div>
          {label("body", "Text")}
          <textarea {...field("body")} rows={10} maxLength={TEMPLATE_BODY_MAX} className={controlClasses} />
          {error("body")}
        </div>
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? "Saving…" : template ? "Save template" : "Add template"}
          </Button>
        </div>
      </Form>
      {template ? (
        <Form method="post" className="justify-self-start">
          <ItemActionFields
            intent="template.delete"
            name="id"
            value={template.id}
            label="Delete"
            ariaLabel={`Delete the template “${template.name}”`}
          />
        </Form>
      ) : null}
    </div>
  );
}
