// A Vehicle Identification Number's check (ISO 3779; 49 CFR 565.15 for North America): 17 characters
// from A-Z and 0-9 without I, O and Q, whose ninth is the check digit (0-9 or X for 10) computed from
// the others by NHTSA's transliteration and weights.

// NHTSA's transliteration: each letter's value, in the order of LETTERS.
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const LETTER_VALUES = "12345678123457923456789";
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

const valueOf = (char: string) => (/\d/.test(char) ? Number(char) : Number(LETTER_VALUES[LETTERS.indexOf(char)] ?? 0));

/** The check digit the other 16 characters call for: "0"-"9" or "X". */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, index) => total + valueOf(char) * (WEIGHTS[index] ?? 0), 0);
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** Why a VIN is refused, or null when it is 17 allowed characters with the right check digit. */
export function vinProblem(vin: string): string | null {
  if (vin.length !== 17) return "A VIN has 17 characters.";
  if (!VIN_SHAPE.test(vin)) return "A VIN has only the letters A-Z (no I, O or Q) and the digits 0-9.";
  if (vin[8] !== vinCheckDigit(vin))
    return "This VIN's check digit (the 9th character) does not match: please check it.";
  return null;
}
