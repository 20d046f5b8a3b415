// The shop's facts, written once. Pages, meta tags, JSON-LD and the footer all read from here
// (its hours and closure days are in hours.ts).

export const shop = {
  name: "Pikesville Family Auto Repair",
  tagline: "Trusted Since 1992",
  description:
    "Family-owned auto repair in Pikesville, Maryland since 1992. Honest diagnostics, fair prices and repairs done right the first time.",
  // A fictional 555-01xx number until the shop gives its own.
  phone: { display: "(410) 555-0192", e164: "+14105550192" },
  address: { locality: "Pikesville", region: "Maryland", regionCode: "MD", country: "US" },
  location: "Pikesville, Maryland",
  timeZone: "America/New_York",
  foundedYear: 1992,
  replyWithinHours: 24,
  // Online service requests can be sent at any time (the site says so in these words).
  onlineRequests: "24/7",
  stats: {
    years: "30+",
    technicians: 7,
    bays: 7,
    vehiclesPerYear: "1000+",
    familyOwned: "100%",
  },
} as const;

export const phoneHref = `tel:${shop.phone.e164}`;

export const defaultKeywords = [
  "auto repair Pikesville MD",
  "oil change Pikesville",
  "brake repair Baltimore County",
  "engine repair Pikesville",
  "transmission service Baltimore",
  "car mechanic near me",
];
