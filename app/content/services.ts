// The shop's services as shipped (the catalog's seed; the owner keeps them in D1 since issue 38), the
// request form's other choices, and the shared "why choose us" / warranty copy.
// The shop's own prices and times, to the cent and minute; each price is written once.

import type { IconName } from "./icon-names";

export type ProcessStep = { title: string; description: string };

/** A starting price: in cents, with what it covers ("per axle, including pads and labor"). */
export type ServicePrice = { fromCents: number; note: string };

/**
 * A photo of a service: kept in R2 under its id, served at /photos/<id>, its size read from the
 * file's header at upload (the page reserves its place: no layout shift).
 */
export type ServicePhoto = {
  id: string;
  alt: string;
  width: number;
  height: number;
  type: "image/jpeg" | "image/png" | "image/webp" | "image/heic";
  /** Smaller copies the owner's browser made at upload, narrowest first (decision 063); none without JavaScript. */
  variants?: PhotoVariant[];
};

/** A photo's smaller copy, kept in R2 beside it and served at `/photos/<id>?w=<width>`. */
export type PhotoVariant = { width: number; height: number; type: "image/jpeg" | "image/webp" };

/** A service as the pages, the request form and the emails read it (app/features/catalog/ keeps them). */
export type Service = {
  /** Its page is /services/<slug>: lower-case letters, digits and hyphens. */
  slug: string;
  /** The request form's value for this service, stored on every request (the shipped slugs and values differ). */
  requestValue: string;
  /** The words of its choice on the request form, when they are not its name. */
  requestLabel?: string | null;
  name: string;
  shortName: string;
  description: string;
  longDescription: string;
  features: string[];
  benefits: string[];
  process: ProcessStep[];
  price: ServicePrice | null;
  popular: boolean;
  timeEstimate: string;
  /** Whether a customer may book it online, and wait at the shop while it is done. */
  bookableOnline: boolean;
  waiterOk: boolean;
  /** A hidden service has no page and leaves every list and the request form. */
  visible: boolean;
  /** Its place in every list, smallest first. */
  position: number;
  keywords: string[];
  icon: IconName;
  /** Its photos, in order (none as shipped). */
  photos: ServicePhoto[];
};

/** What a service's card shows (the home page's teasers carry no more to the browser). */
export type ServiceTeaser = Pick<
  Service,
  "slug" | "name" | "description" | "price" | "timeEstimate" | "popular" | "icon"
>;

// Engine diagnostics and the general diagnostic service share one fee.
const DIAGNOSTIC_FEE_CENTS = 12995;

// waiterOk: a customer may wait for a service whose time estimate is under two hours.
const shippedEntries: readonly Omit<Service, "bookableOnline" | "visible" | "position" | "photos">[] = [
  {
    slug: "oil-change",
    requestValue: "oil-change",
    icon: "droplet",
    name: "Oil Change Service",
    shortName: "Oil Changes",
    description:
      "Quick, thorough oil and filter changes with a multi-point check, so your engine stays protected between visits.",
    longDescription:
      "Fresh oil is the simplest way to add years to an engine. We drain the old oil, fit a new filter, refill with the grade your manufacturer specifies and check the fluids, tires and belts while your car is on the lift. Most oil changes are done while you wait.",
    features: [
      "Drain and refill with the oil grade your manufacturer specifies",
      "New oil filter",
      "Top-off of washer, coolant and power steering fluids",
      "Tire pressure check and adjustment",
      "Multi-point inspection of belts, hoses, lights and wipers",
      "Service reminder sticker for your next visit",
    ],
    benefits: [
      "Longer engine life and less wear on moving parts",
      "Better fuel economy",
      "Small problems spotted early, before they become expensive",
      "Keeps your maintenance record up to date for warranty and resale",
    ],
    process: [
      {
        title: "Check-in",
        description:
          "We confirm your vehicle, mileage and the oil your manufacturer recommends, and ask about anything you have noticed.",
      },
      {
        title: "Drain and replace",
        description: "The old oil is drained, the drain plug is inspected and a new filter is installed.",
      },
      {
        title: "Refill and top off",
        description: "We refill to the correct level with the right grade and top off your other fluids.",
      },
      {
        title: "Multi-point inspection",
        description: "While the car is on the lift we look over tires, brakes, belts, hoses and lights.",
      },
      {
        title: "Review with you",
        description: "We go over what we found, reset your oil-life reminder and note when your next change is due.",
      },
    ],
    price: {
      fromCents: 3995,
      note: "with conventional oil; call us for synthetic oil pricing",
    },
    popular: true,
    timeEstimate: "30-45 mins",
    waiterOk: true,
    keywords: [
      "oil change Pikesville MD",
      "synthetic oil change Baltimore County",
      "quick oil change near Owings Mills",
      "oil and filter change Randallstown",
      "car maintenance Pikesville",
    ],
  },
  {
    slug: "brake-repair",
    requestValue: "brake-service",
    icon: "disc",
    name: "Brake Repair & Service",
    shortName: "Brake Service",
    description:
      "Brake inspections, pads, rotors, calipers and fluid service done right, so you can stop with confidence on every Baltimore County road.",
    longDescription:
      "Squealing, grinding or a soft pedal are signs your brakes need attention. Our technicians measure pads and rotors, check calipers, lines and fluid, and show you exactly what needs replacing and what can wait. We use quality parts and road-test every brake job before you drive away.",
    features: [
      "Complete brake system inspection",
      "Brake pad and shoe replacement",
      "Rotor and drum resurfacing or replacement",
      "Caliper and brake hose service",
      "Brake fluid flush",
      "ABS warning light diagnosis",
    ],
    benefits: [
      "Shorter, more predictable stopping distances",
      "Quiet braking without squeals or grinding",
      "Worn parts caught before they damage rotors and calipers",
      "A test drive with a technician before you get your keys back",
    ],
    process: [
      {
        title: "Listen and road test",
        description: "Tell us what you hear and feel; a technician drives the car to confirm the symptom.",
      },
      {
        title: "Inspect and measure",
        description: "We remove the wheels and measure pads, rotors and drums and check calipers, hoses and fluid.",
      },
      {
        title: "Upfront estimate",
        description: "You get a clear estimate and our recommendation before any work begins.",
      },
      {
        title: "Repair",
        description: "We replace worn parts, lubricate hardware and bleed the system where needed.",
      },
      {
        title: "Final road test",
        description: "Every brake job is road-tested and rechecked before the car is returned to you.",
      },
    ],
    price: {
      fromCents: 14995,
      note: "per axle, including pads and labor",
    },
    popular: false,
    timeEstimate: "1-3 hours",
    waiterOk: false,
    keywords: [
      "brake repair Pikesville MD",
      "brake pads and rotors Baltimore County",
      "brake service Owings Mills",
      "brake inspection near Reisterstown",
      "ABS light repair Pikesville",
    ],
  },
  {
    slug: "engine-diagnostics",
    requestValue: "engine-repair",
    // The request form has always said it the other way round; renaming the service drops this.
    requestLabel: "Engine Repair & Diagnostics",
    icon: "gauge",
    name: "Engine Diagnostics & Repair",
    shortName: "Engine Repair",
    description:
      "Check engine light on? We find the real cause with modern scan tools and careful testing, then repair it at a fair price.",
    longDescription:
      "A warning light or a rough idle can have a dozen causes, and guessing gets expensive. Our technicians combine computer diagnostics with hands-on testing to pinpoint the problem, explain it in plain English and repair everything from sensors and ignition parts to timing components and head gaskets.",
    features: [
      "Check engine light diagnosis",
      "Computer scan and live data analysis",
      "Ignition, fuel and emissions system testing",
      "Compression and leak-down testing",
      "Timing belt and chain replacement",
      "Engine performance and drivability repairs",
    ],
    benefits: [
      "The root cause found, not just the code cleared",
      "Smoother running and better fuel economy",
      "Help passing Maryland emissions testing",
      "A written estimate before any repair work starts",
    ],
    process: [
      {
        title: "Describe the symptom",
        description: "We note when the problem happens, what warning lights are on and any recent work on the car.",
      },
      {
        title: "Scan and test",
        description: "We read trouble codes and live data, then test the suspected components directly.",
      },
      {
        title: "Explain the findings",
        description: "We call you with the cause, the repair options and an upfront estimate.",
      },
      {
        title: "Repair",
        description: "With your approval, we complete the repair using quality parts.",
      },
      {
        title: "Verify",
        description: "We clear the codes, road-test the car and confirm the problem is fixed.",
      },
    ],
    price: {
      fromCents: DIAGNOSTIC_FEE_CENTS,
      note: "diagnostic fee",
    },
    popular: false,
    timeEstimate: "2-8 hours",
    waiterOk: false,
    keywords: [
      "engine repair Pikesville MD",
      "check engine light diagnosis Baltimore County",
      "engine diagnostics Owings Mills",
      "car won't start Randallstown",
      "engine mechanic near Pikesville",
    ],
  },
  {
    slug: "battery-electrical",
    requestValue: "battery-service",
    icon: "battery",
    name: "Battery & Electrical Service",
    shortName: "Battery Service",
    description:
      "Battery testing and replacement plus alternator, starter and wiring repairs for cars that won't start or keep draining.",
    longDescription:
      "Maryland winters and humid summers are hard on batteries and charging systems. We test the battery, alternator and starter together so you are not replacing the wrong part, and we track down the electrical gremlins behind dim lights, dead batteries and dashboard warnings.",
    features: [
      "Battery load and charging system testing",
      "Battery replacement and terminal cleaning",
      "Alternator and starter repair",
      "Parasitic drain testing",
      "Lighting, power window and lock repairs",
      "Wiring and fuse diagnosis",
    ],
    benefits: [
      "Reliable starts on cold mornings",
      "Only the faulty part gets replaced",
      "Protection for your car's computers and electronics",
      "Fewer surprise breakdowns and tow bills",
    ],
    process: [
      {
        title: "Test the system",
        description: "We test the battery, alternator output and starter draw with professional equipment.",
      },
      {
        title: "Find the fault",
        description: "If the battery is not the cause, we trace the circuit to find the drain or failed component.",
      },
      {
        title: "Upfront estimate",
        description: "You hear what we found and what it costs before any parts are replaced.",
      },
      {
        title: "Repair and retest",
        description: "We make the repair, then retest the whole charging system to confirm it is working.",
      },
    ],
    price: {
      fromCents: 8995,
      note: "including testing",
    },
    popular: false,
    timeEstimate: "1-2 hours",
    waiterOk: false,
    keywords: [
      "car battery replacement Pikesville MD",
      "alternator repair Baltimore County",
      "starter repair Owings Mills",
      "auto electrical repair Pikesville",
      "battery test near Randallstown",
    ],
  },
  {
    slug: "transmission-service",
    requestValue: "transmission",
    icon: "cog",
    name: "Transmission Service",
    shortName: "Transmission Repair",
    description:
      "Transmission fluid service, diagnosis and repair for automatic and manual transmissions, with honest advice before any major work.",
    longDescription:
      "Slipping, harsh shifts or a delay when you put the car in gear are early warnings worth checking. We start with a proper diagnosis and fluid inspection, and many problems are solved with a fluid service, software update or a single part rather than a full rebuild. When bigger work is needed, we explain every option first.",
    features: [
      "Transmission fluid and filter service",
      "Shifting and slipping diagnosis",
      "Leak inspection and seal replacement",
      "Clutch repair and replacement",
      "CV axle and driveshaft service",
      "Transmission replacement when needed",
    ],
    benefits: [
      "Smoother, more predictable shifting",
      "Longer transmission life",
      "Problems caught before they need a costly rebuild",
      "Straight answers about repair versus replacement",
    ],
    process: [
      {
        title: "Road test",
        description: "A technician drives the car to feel how it shifts and confirm the symptom.",
      },
      {
        title: "Fluid and code check",
        description: "We check fluid level and condition and read any transmission trouble codes.",
      },
      {
        title: "Recommendation",
        description: "We explain what we found and give you an upfront estimate for each option.",
      },
      {
        title: "Service or repair",
        description: "We perform the fluid service or repair you approve, using the fluid your manufacturer specifies.",
      },
      {
        title: "Final check",
        description: "We road-test again and check for leaks before handing back your keys.",
      },
    ],
    price: {
      fromCents: 17995,
      note: "fluid service",
    },
    popular: false,
    timeEstimate: "2-8 hours",
    waiterOk: false,
    keywords: [
      "transmission repair Pikesville MD",
      "transmission fluid service Baltimore County",
      "transmission shop Owings Mills",
      "clutch repair Reisterstown",
      "transmission service near Pikesville",
    ],
  },
  {
    slug: "diagnostic-services",
    requestValue: "diagnostics",
    icon: "activity",
    name: "Diagnostic Services",
    shortName: "Diagnostic Services",
    description:
      "Complete vehicle diagnostics for warning lights, strange noises, leaks and drivability problems, with a clear report before any repair.",
    longDescription:
      "Some problems do not fit neatly into one category: a noise that comes and goes, a light that flickers, a smell after a long drive. We take the time to reproduce the problem, test the systems involved and give you a clear explanation and estimate, so you can decide what to do next.",
    features: [
      "Computer diagnostics for all makes and models",
      "Warning light and dashboard message diagnosis",
      "Noise, vibration and leak inspection",
      "Suspension and steering checks",
      "Heating and air conditioning diagnosis",
      "Written findings and repair estimate",
    ],
    benefits: [
      "Know exactly what is wrong before you spend on repairs",
      "Repairs prioritized by safety and urgency",
      "No guesswork and no unnecessary parts",
      "Useful peace of mind before a road trip or purchase",
    ],
    process: [
      {
        title: "Tell us what's happening",
        description: "We listen to your description and ask when and how the problem shows up.",
      },
      {
        title: "Reproduce the problem",
        description: "A technician road-tests the car or recreates the conditions that cause it.",
      },
      {
        title: "Test and inspect",
        description: "We scan the vehicle's computers and test the systems involved.",
      },
      {
        title: "Report and estimate",
        description: "You get our findings in plain English with a prioritized, upfront estimate.",
      },
    ],
    price: {
      fromCents: DIAGNOSTIC_FEE_CENTS,
      note: "complete diagnostic inspection",
    },
    popular: false,
    timeEstimate: "1-2 hours",
    waiterOk: false,
    keywords: [
      "car diagnostics Pikesville MD",
      "vehicle diagnostic test Baltimore County",
      "warning light diagnosis Owings Mills",
      "auto diagnostic service near Pikesville",
      "car noise diagnosis Randallstown",
    ],
  },
];

/**
 * The catalog as shipped, and as migration 0036 seeded D1 with it (test/catalog/catalog-api.test.ts
 * compares the two): every service visible and bookable online, in this order. D1 is the source
 * from then on (app/features/catalog/); the pages fall back to this list only when D1 cannot be read.
 */
export const shippedServices: readonly Service[] = shippedEntries.map((service, index) => ({
  ...service,
  bookableOnline: true,
  visible: true,
  position: index + 1,
  photos: [],
}));

export const additionalServices: readonly string[] = [
  "Tire Rotation & Balancing",
  "Wheel Alignment",
  "Air Conditioning Service",
  "Cooling System & Radiator Repair",
  "Suspension & Steering",
  "Exhaust & Muffler Repair",
  "Maryland State Inspection",
  "Fuel System Service",
  "Pre-Purchase Inspection",
  "Scheduled Factory Maintenance",
];

/** A choice of the service request form's "Service Needed" dropdown (and a value of the JSON API's `service`). */
export type RequestChoice = { value: string; label: string };

/**
 * The request form's choices that are not services of the catalog, each placed after the catalog
 * service it followed on the shipped form (`after`), or at the end (`null`).
 */
const otherRequestChoices: readonly (RequestChoice & { after: string | null })[] = [
  { value: "tire-service", label: "Tire Services", after: "engine-diagnostics" },
  { value: "general-maintenance", label: "General Maintenance", after: "transmission-service" },
  { value: "ac-service", label: "Air Conditioning Service", after: "diagnostic-services" },
  { value: "cooling-system", label: "Cooling System Service", after: "diagnostic-services" },
  { value: "suspension", label: "Suspension Repair", after: "diagnostic-services" },
  { value: "exhaust", label: "Exhaust System Repair", after: "diagnostic-services" },
  { value: "inspection", label: "State Inspection", after: "diagnostic-services" },
  { value: "other", label: "Other Service", after: null },
];

/** Whether a value is one of the request form's choices that are not services (no service may take it). */
export function isOtherRequestValue(value: string): boolean {
  return otherRequestChoices.some((other) => other.value === value);
}

/** A service's choice on the request form. */
export function requestChoiceOf(service: Service): RequestChoice {
  return { value: service.requestValue, label: service.requestLabel ?? service.name };
}

/**
 * The request form's choices: the visible services in the catalog's order, each followed by the
 * other choices placed after it (hidden services keep their followers in place), then the rest.
 */
export function requestChoicesOf(catalog: readonly Service[]): RequestChoice[] {
  const choice = ({ value, label }: RequestChoice) => ({ value, label });
  const anchors = new Set(catalog.map((service) => service.slug));
  return [
    ...byPosition(catalog).flatMap((service) => [
      ...(service.visible ? [requestChoiceOf(service)] : []),
      ...otherRequestChoices.filter((other) => other.after === service.slug).map(choice),
    ]),
    ...otherRequestChoices.filter((other) => other.after === null || !anchors.has(other.after)).map(choice),
  ];
}

/**
 * Each stored request value's words as staff read them in the inbox, the record's page, the CSV,
 * the shop's emails and the reply templates: every service's in the catalog (hidden ones included,
 * so a stored request keeps its service's name) and the other choices'. Plain data: the inbox's
 * loaders hand it to its pages.
 */
export type ServiceNames = Readonly<Record<string, string>>;

/** The names of `catalog`'s services (their request values' words) and of the other choices. */
export function serviceNamesOf(catalog: readonly Service[]): ServiceNames {
  const names: [string, string][] = [
    ...otherRequestChoices.map((other): [string, string] => [other.value, other.label]),
    ...catalog.map((service): [string, string] => [service.requestValue, requestChoiceOf(service).label]),
  ];
  return Object.fromEntries(names);
}

/** A stored request value's words: its service's or choice's name, else the value itself. */
export function serviceNameIn(names: ServiceNames, value: string): string {
  return Object.hasOwn(names, value) ? (names[value] ?? value) : value;
}

/** The catalog in its order: by position, then by slug. */
export function byPosition<Entry extends Pick<Service, "position" | "slug">>(catalog: readonly Entry[]): Entry[] {
  return catalog.toSorted((a, b) => a.position - b.position || a.slug.localeCompare(b.slug));
}

/** A price as the pages print it: "$39.95", "$1,250.00". */
export function formatPrice(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/** The request form on the home page, with this page's service already chosen. */
export function requestServicePath(service: Pick<Service, "requestValue">): string {
  return `/?service=${encodeURIComponent(service.requestValue)}#request-service`;
}

export type IconCardContent = { title: string; description: string; icon: IconName };

export const serviceReasons: readonly IconCardContent[] = [
  {
    title: "Family Owned Since 1992",
    icon: "heart",
    description:
      "The same family has run this shop in Pikesville for more than 30 years, and we treat every customer like a neighbor.",
  },
  {
    title: "Experienced Technicians",
    icon: "award",
    description: "Our seven technicians work on all makes and models and keep their training current as cars change.",
  },
  {
    title: "Upfront Estimates",
    icon: "dollar",
    description: "You get a clear estimate before any work begins, and we call you before doing anything extra.",
  },
  {
    title: "Work We Stand Behind",
    icon: "shield",
    description: "We use quality parts, road-test our repairs and back them with a parts and labor warranty.",
  },
];

export const warranty: { title: string; description: string } = {
  title: "12-Month / 12,000-Mile Warranty",
  description:
    "Repairs are covered by our parts and labor warranty for 12 months or 12,000 miles, whichever comes first. If something we fixed isn't right, bring it back and we'll make it right.",
};

export function servicePath(service: Pick<Service, "slug">): string {
  return `/services/${service.slug}`;
}
