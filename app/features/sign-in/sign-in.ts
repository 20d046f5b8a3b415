// The sign-in feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { loginSchema, newUsernameField, passwordProblem, USERNAME_PATTERN, USERNAME_RULE } from "./login-schema";
