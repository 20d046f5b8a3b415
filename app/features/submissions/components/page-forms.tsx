import { deferredForm } from "../../../ui/forms/deferred-form";

// The public forms as the pages use them: hydrated when the visitor heads for them. The ids are the
// ones useSubmissionForm gives the <form> elements.

const contactForm = deferredForm("form-contact", () => import("./contact-form").then((module) => module.ContactForm));

const serviceRequestForm = deferredForm("form-serviceRequest", () =>
  import("./service-request-form").then((module) => module.ServiceRequestForm),
);

export const ContactForm = contactForm.Component;
export const ServiceRequestForm = serviceRequestForm.Component;

/** The public deferred forms: entry.server.tsx loads them (and the sign-in form) before it renders a page. */
export const deferredForms = [contactForm, serviceRequestForm];
