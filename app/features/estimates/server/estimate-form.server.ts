import { parse, type Submission } from "@conform-to/react";
import { distinctMessages } from "~/forms/parse-form";
import { type EstimateInput, estimateInput } from "../schemas";

// The record page's estimate form read as the API's body, through conform so that a refusal gives
// the form back as it was typed (its `initialValue`) with each message under the field it is about
// (`line-2-price`, `year`), as every page form of the house does.

/** Rows the form may post; the schema refuses more than 100 lines anyway. */
const MAX_ROWS = 200;

/** The API's field of a line, by the form's name for it. */
const formFieldOfLine: Record<string, string> = {
  kind: "kind",
  description: "description",
  quantity: "quantity",
  unitPrice: "price",
  severity: "severity",
  note: "note",
};

/** Dollars as staff type them ("89.99", "$1,200") in cents; anything else is left for the schema to refuse. */
function centsOf(text: string): number | string {
  const cleaned = text.replace(/[$,\s]/g, "");
  return /^\d{1,6}(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : text;
}

/** The posted form as the API's body, and each line's row on the form: rows without a description are no line. */
function bodyOf(payload: Record<string, unknown>) {
  const text = (name: string) => {
    const value = payload[name];
    return typeof value === "string" ? value : "";
  };
  const lines = [];
  const rows: number[] = [];
  // conform drops empty values: a row is there by its kind, which a select always posts.
  for (let i = 0; `line-${i}-kind` in payload && i < MAX_ROWS; i++) {
    if (text(`line-${i}-description`).trim() === "") continue;
    const id = text(`line-${i}-id`);
    rows.push(i);
    lines.push({
      ...(id ? { id } : {}),
      kind: text(`line-${i}-kind`),
      description: text(`line-${i}-description`),
      quantity: text(`line-${i}-quantity`),
      unitPrice: centsOf(text(`line-${i}-price`)),
      severity: text(`line-${i}-severity`),
      note: text(`line-${i}-note`),
    });
  }
  const mileage = text("mileage").replace(/[,\s]/g, "");
  const vehicle = {
    year: text("year"),
    make: text("make"),
    model: text("model"),
    vin: text("vin"),
    mileage: mileage || null,
  };
  return { body: { vehicle, lines }, rows };
}

/** The form's name for a schema issue's path: `vehicle.year` is `year`, `lines.2.unitPrice` is that row's price. */
function formNameOf(path: readonly PropertyKey[], rows: readonly number[]): string {
  const [where, index, field] = path;
  if (where === "vehicle" && typeof index === "string") return index;
  if (where === "lines" && typeof index === "number" && typeof field === "string") {
    const row = rows[index];
    const name = formFieldOfLine[field];
    if (row !== undefined && name) return `line-${row}-${name}`;
  }
  // The lines as a whole (none, too many) or anything else: the form's own message, on top.
  return "";
}

/** The estimate form, parsed: the API's input, or conform's submission whose `reply()` keeps what was typed. */
export function parseEstimateForm(form: FormData): Submission<EstimateInput, string[]> {
  return parse(form, {
    resolve: (payload) => {
      const { body, rows } = bodyOf(payload);
      const parsed = estimateInput.safeParse(body);
      if (parsed.success) return { value: parsed.data };
      const byName = new Map<string, { message: string }[]>();
      for (const issue of parsed.error.issues) {
        const name = formNameOf(issue.path, rows);
        byName.set(name, [...(byName.get(name) ?? []), issue]);
      }
      return { error: Object.fromEntries([...byName].map(([name, issues]) => [name, distinctMessages(issues)])) };
    },
  });
}
