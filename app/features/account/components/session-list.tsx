import { Form, useNavigation } from "react-router";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { Button } from "~/ui/button";
import type { ActiveSession } from "~/features/sign-in/sign-in.server";

/** The member's signed-in browsers, each but this one with its Sign out, and Sign out everywhere else. */
export function SessionList({ sessions }: { sessions: ActiveSession[] }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-slate-900">
                {session.browser ?? "Unknown browser"}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    This browser
                  </span>
                ) : null}
              </p>
              {session.place ? <p className="text-sm text-slate-700">Near {session.place}</p> : null}
              <p className="text-sm text-slate-600">
                Signed in{" "}
                <time dateTime={session.signedInAt.toISOString()}>{formatSubmittedAt(session.signedInAt)}</time>
                {" · "}last seen{" "}
                <time dateTime={session.lastSeenAt.toISOString()}>{formatSubmittedAt(session.lastSeenAt)}</time>
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  aria-label={`Sign out ${session.browser ?? "this session"}, signed in ${formatSubmittedAt(session.signedInAt)}`}
                  disabled={pending?.get("sessionId") === session.id}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="primary" disabled={pending?.get("intent") === "end-other-sessions"}>
            Sign out everywhere else
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">You are signed in nowhere else.</p>
      )}
    </div>
  );
}
