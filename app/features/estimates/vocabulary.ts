// What an estimate is made of, shared by the database's CHECKs (app/db/schema/estimates.ts), the
// server's rules and the pages (issue 39, docs/decisions/065-estimates-and-approvals.md).

export const LINE_KINDS = ["labour", "part", "fee"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** How urgent a line is, as the customer sees it: red first (safety), then yellow, then green. */
export const SEVERITIES = ["red", "yellow", "green"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ESTIMATE_STATUSES = [
  "draft",
  "sent",
  "approved",
  "partly approved",
  "declined",
  "needs approval",
] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** The emails about an estimate: its link to the customer, and their decision to the shop. */
export const ESTIMATE_MESSAGE_PURPOSES = ["estimate", "decision"] as const;
export type EstimateMessagePurpose = (typeof ESTIMATE_MESSAGE_PURPOSES)[number];

export const lineKindLabels: Record<LineKind, string> = { labour: "Labour", part: "Part", fee: "Fee" };
export const severityLabels: Record<Severity, string> = {
  red: "Needs attention now",
  yellow: "Should be done soon",
  green: "Fine for now",
};

/** The bounds issue 39 sets on a line and an estimate. */
export const ESTIMATE_LIMITS = {
  maxLines: 100,
  maxQuantity: 1000,
  /** $100,000 in cents. */
  maxUnitPrice: 10_000_000,
  maxDescription: 200,
  maxNote: 1000,
  maxName: 120,
} as const;

/** A vehicle as an estimate names it (the request's, corrected by staff). */
export type EstimateVehicle = {
  year: number;
  make: string;
  model: string;
  vin?: string;
  mileage?: number;
};

/** One line of a version as stored and answered: amounts in integer cents. */
export type EstimateLine = {
  id: string;
  kind: LineKind;
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
  severity: Severity;
  note: string | null;
};

/** A line a customer declined, as the record's "Declined earlier" lists it. */
export type DeclinedLine = {
  serviceRequestId: string;
  estimateNumber: number;
  description: string;
  severity: Severity;
  /** The line's total in cents, before tax, as the customer saw it. */
  price: number;
  decidedAt: Date;
  /** When the desk calls back about it. */
  followUpAt: Date;
};

/** The owner's tax rule: a rate in basis points (600 = 6%) and the kinds of line it applies to. */
export type TaxRule = { rateBasisPoints: number; appliesTo: LineKind[] };

/** What a customer's decision froze, exactly as they saw it (the snapshot is never changed). */
export type ApprovalSnapshot = {
  estimateNumber: number;
  version: number;
  vehicle: EstimateVehicle;
  lines: EstimateLine[];
  subtotal: number;
  tax: number;
  total: number;
  taxRule: TaxRule;
  rightsText: string;
  approvedLineIds: string[];
  declinedLineIds: string[];
  approvedTotal: number;
};

/** How many photos a line keeps (issue 39 item 2, docs/decisions/071-estimate-line-photos.md). */
export const LINE_PHOTO_LIMIT = 4;

/** A line's photo as the pages show it: its address (staff's or the customer's), its size, its copies' widths. */
export type LinePhotoView = { id: string; url: string; width: number; height: number; widths: number[] };
