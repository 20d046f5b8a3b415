import { deferredForm } from "./deferred-form";

// The public forms as the pages use them: hydrated when the visitor heads for them. The ids
// are the ones useSubmissionForm gives the <form> elements.

export const ContactForm = deferredForm("form-contact", () =>
  import("./contact-form").then((module) => module.ContactForm),
);

export const ServiceRequestForm = deferredForm("form-serviceRequest", () =>
  import("./service-request-form").then((module) => module.ServiceRequestForm),
);
