import { defineChoice } from "./choice";

// What the service-request form offers besides the service: the makes it suggests, and the
// choices for when and how the visitor would like to bring the car in. The values are the JSON
// API's; the labels are what visitors and staff read.

/** Suggested in the make field's <datalist>; any other make may be typed. */
export const commonMakes: readonly string[] = [
  "Acura",
  "Audi",
  "BMW",
  "Buick",
  "Cadillac",
  "Chevrolet",
  "Chrysler",
  "Dodge",
  "Ford",
  "GMC",
  "Honda",
  "Hyundai",
  "Infiniti",
  "Jeep",
  "Kia",
  "Lexus",
  "Lincoln",
  "Mazda",
  "Mercedes-Benz",
  "Mini",
  "Mitsubishi",
  "Nissan",
  "Ram",
  "Subaru",
  "Tesla",
  "Toyota",
  "Volkswagen",
  "Volvo",
];

export const preferredTime = defineChoice({ morning: "Morning", afternoon: "Afternoon", any: "Any time" });

export const visitType = defineChoice(
  { wait: "I'll wait for it", "drop-off": "I'll drop it off" },
  { wait: "Will wait", "drop-off": "Drop-off" },
);
