export type Stat = { value: string | number; label: string };

const tones = {
  onDark: { value: "text-white", label: "text-blue-100", box: "border-white/15 bg-white/5" },
  onLight: { value: "text-blue-950", label: "text-slate-600", box: "border-slate-200 bg-white shadow-sm" },
} as const;

/** The shop's numbers (years, bays, technicians…) as large figures with a label under each. */
export function StatList({
  stats,
  tone = "onLight",
  className = "",
}: {
  stats: readonly Stat[];
  tone?: keyof typeof tones;
  className?: string;
}) {
  const colors = tones[tone];
  return (
    <dl
      className={`grid gap-3 sm:gap-4 ${stats.length === 3 ? "grid-cols-3" : "grid-cols-2 lg:grid-cols-4"} ${className}`}
    >
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`flex flex-col-reverse justify-end rounded-xl border px-2 py-4 text-center sm:p-6 ${colors.box}`}
        >
          <dt className={`mt-1 text-sm font-medium ${colors.label}`}>{stat.label}</dt>
          <dd className={`text-3xl font-bold tracking-tight sm:text-4xl ${colors.value}`}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
