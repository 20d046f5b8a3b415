import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/ui/hydration/use-hydrated";

export type InboxTab = { key: string; label: string; href: string };

/**
 * The inbox sections. Without JavaScript they are plain links (?tab=…) to server-rendered
 * pages; once hydrated they follow the ARIA tabs pattern (roving focus, arrow keys, Home/End)
 * while the URL still names the open tab.
 */
export function InboxTabs({
  tabs,
  selected,
  status,
  children,
}: {
  tabs: InboxTab[];
  selected: string;
  /** Shown at the end of the tab bar (the loading indicator). */
  status?: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  function moveFocus(event: KeyboardEvent) {
    const current = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    void navigate(tab.href, { replace: true, preventScrollReset: true });
    tabRefs.current[next]?.focus();
  }

  const links = tabs.map((tab, index) => {
    const isSelected = tab.key === selected;
    return (
      <Link
        key={tab.key}
        ref={(element) => {
          tabRefs.current[index] = element;
        }}
        to={tab.href}
        replace
        preventScrollReset
        id={`tab-${tab.key}`}
        {...(hydrated
          ? {
              role: "tab",
              "aria-selected": isSelected,
              "aria-controls": `panel-${tab.key}`,
              tabIndex: isSelected ? 0 : -1,
            }
          : { "aria-current": isSelected ? ("page" as const) : undefined })}
        className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors ${
          isSelected
            ? "border-red-700 text-blue-950"
            : "border-transparent text-slate-600 hover:border-slate-300 hover:text-blue-900"
        }`}
      >
        {tab.label}
      </Link>
    );
  });

  const listClasses = "flex overflow-x-auto";
  return (
    <>
      <div className="flex items-end justify-between gap-4 border-b border-slate-200">
        {hydrated ? (
          // Arrow keys move between the tabs (roving tabindex); each tab is focusable, the list is not.
          // eslint-disable-next-line jsx-a11y/interactive-supports-focus
          <div role="tablist" aria-label="Inbox sections" onKeyDown={moveFocus} className={listClasses}>
            {links}
          </div>
        ) : (
          <nav aria-label="Inbox sections" className={listClasses}>
            {links}
          </nav>
        )}
        <div className="shrink-0 pb-2.5">{status}</div>
      </div>
      <div
        id={`panel-${selected}`}
        role={hydrated ? "tabpanel" : undefined}
        aria-labelledby={hydrated ? `tab-${selected}` : undefined}
        tabIndex={hydrated ? 0 : undefined}
        className="pt-6 focus-visible:outline-offset-4 lg:pt-3"
      >
        {children}
      </div>
    </>
  );
}
