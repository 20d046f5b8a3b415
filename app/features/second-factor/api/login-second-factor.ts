import type { Route } from "./+types/login-second-factor";
import type { RouteHandle } from "~/route-handle";
import { secondFactorLoginResponse } from "~/features/second-factor/server/second-factor-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/login/second-factor { code }: after /api/login answered { secondFactor: "required" }.
export const action = (args: Route.ActionArgs) => secondFactorLoginResponse(args);
