// A choice among a few fixed values (radio buttons on a form): the values as the database stores
// them and the JSON API sends them, the words visitors read on the form, and the words staff read
// in the inbox, the CSV and the emails where those differ. The column's values and CHECK
// (app/db/schema/inbox.ts), the form's rule (`optionalChoice`, app/forms/fields.ts) and the radio
// options all come from one of these. Relative imports only: drizzle-kit reads it through the schema.

export type Choice<Value extends string> = {
  /** In the order the form offers them. */
  values: readonly [Value, ...Value[]];
  /** What visitors read on the form. */
  labels: Readonly<Record<Value, string>>;
  /** What staff read: the visitors' words unless given otherwise. */
  staffLabels: Readonly<Record<Value, string>>;
  /** The radio buttons, in order. */
  options: readonly { value: Value; label: string }[];
};

export function defineChoice<const Labels extends Record<string, string>>(
  labels: Labels,
  staffWords: { readonly [Value in keyof Labels]?: string } = {},
): Choice<keyof Labels & string> {
  type Value = keyof Labels & string;
  const words: Record<Value, string> = labels;
  // Object keys keep their written order (none is an integer), which is the form's order.
  const values = Object.keys(labels) as [Value, ...Value[]];
  const staffLabels = Object.fromEntries(values.map((value) => [value, staffWords[value] ?? words[value]]));
  return {
    values,
    labels: words,
    // Built from `values` above: one entry per value.
    staffLabels: staffLabels as Record<Value, string>,
    options: values.map((value) => ({ value, label: words[value] })),
  };
}
