import { notFoundData } from "~/http/outcome.server";

// Any path no other route matches: the root error boundary renders "Page Not Found" with a 404.
export function loader() {
  throw notFoundData();
}

// A form posted to a path nobody serves (a scanner's /wp-login.php) is a 404 too, not a 405 with
// React Router's "no action" error in the log.
export function action() {
  throw notFoundData();
}

export default function NotFound() {
  return null;
}
