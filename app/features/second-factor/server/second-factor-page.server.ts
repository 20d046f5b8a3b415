import { data, type RouterContextProvider } from "react-router";
import { parseFormData } from "~/forms/parse-form";
import { codeSchema } from "~/features/second-factor/schemas";
import type { Acting, StaffMember } from "../../../http/staff-member.server";
import { getEnv } from "../../../http/context.server";
import { refusalData, refused } from "../../../http/outcome.server";
import { readIntentForm } from "../../../http/request-body.server";
import { NO_STORE } from "../../../http/responses.server";
import {
  cancelAuthenticatorSetup,
  confirmAuthenticator,
  removeSecondFactor,
  replaceRecoveryCodes,
  startAuthenticatorSetup,
} from "./enrolment.server";
import { removePasskey } from "./passkeys.server";

// The account page's second-factor forms (posted to /incoming/account/second-factor): each answers
// with a redirect back and a toast, except the two that make recovery codes, whose answer shows
// them, once.

const ACCOUNT_PAGE = "/incoming/account";
const BODY_LIMIT_BYTES = 2 * 1024;

export async function handleSecondFactorAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  member: StaffMember,
  acting: Acting,
) {
  const env = getEnv(context);
  const posted = await readIntentForm(request, env, {
    limitBytes: BODY_LIMIT_BYTES,
    page: `${ACCOUNT_PAGE}#second-factor`,
  });
  if (!posted.ok) return posted.refusal;
  const { form, intent, back } = posted;
  const showCodes = (codes: string[], title: string) => data({ codes, title }, { headers: NO_STORE });

  switch (intent) {
    case "set-up-authenticator":
      await startAuthenticatorSetup(env, member, acting.at);
      return back({ title: "Scan the QR code", description: "Then enter the code your app shows." });
    case "cancel-setup":
      await cancelAuthenticatorSetup(env, member.id);
      return back({ title: "Cancelled", description: "No authenticator app was set up." });
    case "confirm-authenticator": {
      const submission = parseFormData(form, codeSchema);
      const codes =
        submission.status === "success" ? await confirmAuthenticator(env, member, submission.value.code, acting) : null;
      if (!codes) {
        return back({
          title: "Not set up yet",
          description: "That code is not the one the app shows now. Check the app and try the newest code.",
          variant: "destructive",
        });
      }
      return showCodes(codes, "Your authenticator app is on");
    }
    case "new-recovery-codes": {
      const codes = await replaceRecoveryCodes(env, member, acting);
      if (!codes)
        return back({
          title: "Nothing changed",
          description: "Set up an authenticator app first.",
          variant: "destructive",
        });
      return showCodes(codes, "New recovery codes");
    }
    case "remove-second-factor":
      await removeSecondFactor(env, member.id, acting, "second-factor.remove", member.username);
      return back({ title: "Authenticator app off", description: "Sign-in asks for your password alone." });
    case "remove-passkey": {
      const id = form.get("passkeyId");
      const name = typeof id === "string" ? await removePasskey(env, member.id, id, acting) : null;
      if (!name)
        return back({
          title: "Nothing changed",
          description: "That passkey was already removed.",
          variant: "destructive",
        });
      return back({ title: "Passkey removed", description: `“${name}” can no longer sign you in.` });
    }
    default: {
      const { refusal } = refused("invalid", "This form could not be read. Please reload the page and try again.");
      throw refusalData(refusal, { message: refusal.message }, NO_STORE);
    }
  }
}
