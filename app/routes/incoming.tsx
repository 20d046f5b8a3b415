import { redirect } from "react-router";

// Staff inbox: until sign-in exists, nobody has a session, so everyone goes to /login.
export function loader() {
  throw redirect("/login", { headers: { "Cache-Control": "no-store" } });
}

export default function Incoming() {
  return null;
}
