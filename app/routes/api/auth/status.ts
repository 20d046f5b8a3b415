import type { Route } from "./+types/status";
import { getStaffUser, NO_STORE } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";

// GET /api/auth/status: whether the request carries a valid staff session.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getStaffUser(request, getEnv(context));
  return Response.json({ authenticated: user !== null }, { headers: NO_STORE });
}
