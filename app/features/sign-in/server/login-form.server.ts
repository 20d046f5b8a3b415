import { loginSchema } from "~/features/sign-in/login-schema";
import { parseFormData } from "~/forms/parse-form";

// The login form's posted fields, read on the server only: the route module imports this, not the
// schema, so the page's browser code does not carry zod before the form needs it (decision 040).
export const parseLoginForm = (formData: FormData) => parseFormData(formData, loginSchema);
