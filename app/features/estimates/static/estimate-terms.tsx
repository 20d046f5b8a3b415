// The owner's terms (Settings › Estimates) on an estimate: their own block under their own
// heading, apart from the Customer's Rights that §14-1008(b) wants physically separated from the
// other terms. Plain text as the owner typed it (React escapes it), its line breaks kept. `Heading`
// fits the page's outline: h2 on the customer's page, h4 inside an estimate on the record.
export function EstimateTerms({
  terms,
  Heading = "h2",
  className = "",
}: {
  terms: string;
  Heading?: "h2" | "h4";
  className?: string;
}) {
  return (
    <div className={`estimate-terms text-sm text-slate-700 ${className}`}>
      <Heading className="font-semibold text-slate-900">Terms</Heading>
      <p className="mt-1 whitespace-pre-line">{terms}</p>
    </div>
  );
}
