// A record whose customer answered by email and waits on staff (app/features/replies/): on the
// inbox's rows and cards and the record's page, until a reply, a logged contact or "Handled".
export function RepliedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-violet-200 ring-inset">
      Replied
    </span>
  );
}
