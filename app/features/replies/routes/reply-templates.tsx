import { data, useLocation } from "react-router";
import { SettingsSubpage } from "~/features/settings/settings";
import type { Route } from "./+types/reply-templates";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getEnv } from "~/http/context.server";
import { NO_STORE } from "~/http/responses.server";
import { TemplateEditor } from "../components/template-editor";
import { MAX_TEMPLATES, PLACEHOLDERS } from "../templates";
import { templateFormAction } from "../server/template-endpoints.server";
import { listReplyTemplates } from "../server/templates.server";

// /incoming/settings/reply-templates (owners): the templates staff pick from when replying on a
// record (docs/decisions/052-reply-templates.md). Placeholders are filled from the record when
// picked; an unknown one is refused here, when saved.

// The forms work as plain posts; with JavaScript they answer without a page load.
export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  const templates = await listReplyTemplates(getEnv(context));
  return data(
    { templates: templates.map(({ id, name, subject, body }) => ({ id, name, subject, body })) },
    { headers: NO_STORE },
  );
}

export const action = (args: Route.ActionArgs) => templateFormAction(args);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Reply templates", "The shop's reply templates.");

export default function ReplyTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  const refusal = actionData && "intent" in actionData ? actionData : null;
  const refusalFor = (id: number | null) => (refusal?.id === id ? refusal : null);
  return (
    <SettingsSubpage
      title="Reply templates"
      resetKey={key}
      intro={
        <>
          <p className="mt-2 text-slate-700">
            On a record, staff pick one of these above the reply form: it is filled in from the record, and they can
            change anything before sending. The shop's name and phone are added under every reply.
          </p>
        </>
      }
    >
      <Card className="p-4 sm:p-6" tone="muted">
        <h2 className="text-lg font-bold text-blue-950">Placeholders</h2>
        <p className="mt-1 text-sm text-slate-700">Write them with their braces, exactly as here:</p>
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
          {Object.entries(PLACEHOLDERS).map(([name, meaning]) => (
            <div key={name} className="contents">
              <dt className="font-mono font-semibold text-slate-900">{`{${name}}`}</dt>
              <dd className="text-slate-700">{meaning}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {loaderData.templates.map((template) => (
        <section
          key={template.id}
          id={`template-${template.id}`}
          aria-labelledby={`template-${template.id}-heading`}
          className="scroll-mt-24"
        >
          <Card className="p-4 sm:p-6">
            <h2 id={`template-${template.id}-heading`} className="mb-3 text-xl font-bold break-words text-blue-950">
              {template.name}
            </h2>
            <TemplateEditor template={template} refusal={refusalFor(template.id)} />
          </Card>
        </section>
      ))}
      <section id="template-new" aria-labelledby="template-new-heading" className="scroll-mt-24">
        <Card className="p-4 sm:p-6">
          <h2 id="template-new-heading" className="mb-3 text-xl font-bold text-blue-950">
            Add a template
          </h2>
          {loaderData.templates.length >= MAX_TEMPLATES ? (
            <p className="text-sm text-slate-700">The shop keeps up to {MAX_TEMPLATES} templates: delete one first.</p>
          ) : (
            <TemplateEditor template={null} refusal={refusalFor(null)} />
          )}
        </Card>
      </section>
    </SettingsSubpage>
  );
}
