import { Form, useLocation } from "react-router";
import { LogOutIcon, MenuIcon } from "~/ui/icons";
import { ShopMark } from "~/ui/shop-mark";
import { roleLabels } from "~/http/staff-roles";
import { isCurrentStaffPage, type SignedInMember, type StaffNavItem } from "~/features/staff/navigation";

const linkClasses = (current: boolean) =>
  `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
    current ? "bg-white/15 text-white underline decoration-2 underline-offset-4" : "text-blue-100 hover:bg-white/10"
  }`;

/**
 * The staff area's header: the shop's name, the staff navigation (the member's entries, from the
 * server), who is signed in and Sign out. On a phone the navigation folds into a <details> menu,
 * which opens without JavaScript. A page the owners' gate refused names the member from the
 * refusal, since no loader ran.
 */
export function StaffHeader({ member, navigation }: { member?: SignedInMember; navigation: readonly StaffNavItem[] }) {
  const { pathname } = useLocation();
  const links = (
    <ul className="flex flex-col gap-1 md:flex-row md:items-center">
      {navigation.map((item) => {
        const current = isCurrentStaffPage(item.href, pathname);
        return (
          <li key={item.href}>
            <a href={item.href} aria-current={current ? "page" : undefined} className={linkClasses(current)}>
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
  const signOut = (
    // Posts to the inbox's action, which ends the session. A document post even with JavaScript: the
    // public /login page it lands on has server-only markup that a client-side navigation cannot build
    // (app/ui/hydration/static-markup.tsx).
    <Form method="post" action="/incoming" reloadDocument>
      <button
        type="submit"
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-blue-100 hover:bg-white/10"
      >
        <LogOutIcon className="size-4" />
        Sign out
      </button>
    </Form>
  );
  const who = member && (
    <p className="px-3 text-sm text-blue-100">
      <span className="font-semibold text-white">{member.username}</span>{" "}
      <span className="text-blue-200">· {roleLabels[member.role]}</span>
    </p>
  );

  return (
    <header className="bg-blue-950 text-white" data-print="omit">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <ShopMark href="/incoming" line="Staff" tone="dark" />

        <nav aria-label="Staff" className="hidden items-center gap-4 md:flex">
          {links}
          <div className="flex items-center gap-1 border-l border-white/20 pl-3">
            {who}
            {signOut}
          </div>
        </nav>

        <details className="group relative md:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-white/30 [&::-webkit-details-marker]:hidden">
            <MenuIcon className="size-5" />
            Menu
          </summary>
          <nav
            aria-label="Staff"
            className="absolute right-0 z-50 mt-2 w-64 rounded-lg bg-blue-950 p-2 shadow-xl ring-1 ring-white/20"
          >
            {links}
            <div className="mt-2 border-t border-white/20 pt-2">
              {who}
              {signOut}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
