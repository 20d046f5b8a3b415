// The submissions feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { ContactForm, deferredForms, ServiceRequestForm } from "./components/page-forms";
export { useDeferredValidation } from "./components/use-deferred-validation";
export { type ContactInput } from "./contact-schema";
export { type HONEYPOT_FIELD } from "./honeypot";
export { type ServiceRequestInput } from "./service-request-schema";
