// The second-factor feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { type MemberFactors } from "./account-view";
export { CodeForm } from "./components/code-form";
export { PasskeySignIn } from "./components/passkey-sign-in";
export { SecondFactorSection } from "./components/second-factor-section";
export { MemberSecondFactor, RequireSecondFactor, ResetSecondFactor } from "./components/team-second-factor";
export { codeSchema } from "./schemas";
