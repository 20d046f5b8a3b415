import { deferredForm } from "../../../ui/forms/deferred-form";

// The public forms and the sign-in form as the pages use them: hydrated when the visitor heads for
// them. The ids are the ones useSubmissionForm (and LoginForm's useForm) give the <form> elements.

const contactForm = deferredForm("form-contact", () => import("./contact-form").then((module) => module.ContactForm));

const serviceRequestForm = deferredForm("form-serviceRequest", () =>
  import("./service-request-form").then((module) => module.ServiceRequestForm),
);

// The sign-in form is the whole of /login, so it is always in view: it waits for the visitor's first
// tap, key or focus rather than loading at once (decision 040).
const loginForm = deferredForm(
  "login",
  () => import("~/features/sign-in/components/login-form").then((module) => module.LoginForm),
  { whenInView: false },
);

export const ContactForm = contactForm.Component;
export const ServiceRequestForm = serviceRequestForm.Component;
export const LoginForm = loginForm.Component;

/** Every deferred form: entry.server.tsx loads them all before it renders a page. */
export const deferredForms = [contactForm, serviceRequestForm, loginForm];
