// The area pages' short addresses: one for each of the eight towns, none for Baltimore or Baltimore County.
export const areaAliases = [
  ["pikesville", "Pikesville"],
  ["owings-mills", "Owings Mills"],
  ["randallstown", "Randallstown"],
  ["reisterstown", "Reisterstown"],
  ["lutherville-timonium", "Lutherville-Timonium"],
  ["towson", "Towson"],
  ["woodlawn", "Woodlawn"],
  ["milford-mill", "Milford Mill"],
].map(([slug, town]) => ({ path: `/areas/${slug}`, town, canonicalPath: `/areas/${slug}-auto-repair` }));
