import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferredForm } from "~/ui/forms/deferred-form";
import { ContactForm, deferredForms, ServiceRequestForm } from "~/features/submissions/components/page-forms";
import { deferredLoginForm } from "~/features/sign-in/sign-in.server";
import { LoginForm } from "~/features/sign-in/components/deferred-login-form";

function TestForm({ label }: { label: string }) {
  return createElement("form", { id: "form-test" }, label);
}

describe("deferred forms on the server", () => {
  it("render whole once their code is loaded", async () => {
    const form = deferredForm("form-test", () => Promise.resolve(TestForm));
    await form.load();
    expect(renderToString(createElement(form.Component, { label: "Send" }))).toContain(
      '<form id="form-test">Send</form>',
    );
  });

  it("fail loudly when rendered before their code is loaded, instead of sending a page without the form", () => {
    const form = deferredForm("form-test", () => Promise.resolve(TestForm));
    expect(() => renderToString(createElement(form.Component, { label: "Send" }))).toThrow(
      /"form-test" was rendered before its code was loaded: list it in deferredForms/,
    );
  });

  it("are all in the lists that entry.server.tsx loads before rendering a page", () => {
    expect(deferredForms.map((form) => form.Component)).toEqual([ContactForm, ServiceRequestForm]);
    // The form /login renders is the one sign-in hands to entry.server.tsx.
    expect(deferredLoginForm.Component).toBe(LoginForm);
  });
});
