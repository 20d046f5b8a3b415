// What the account page shows of a member's second factor (the server fills it, the page reads it).

export type PasskeyRow = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

export type SecondFactorView = {
  authenticator: "off" | "setting-up" | "on";
  /** While setting up: the QR code (one SVG path on a square of `size` modules) and the secret. */
  setup: { spacedSecret: string; uri: string; qr: { size: number; path: string } } | null;
  recoveryCodesLeft: number;
  passkeys: PasskeyRow[];
  /** The owners require a second factor of everyone. */
  required: boolean;
};

/** The form posts of the account page's second-factor section, to /incoming/account/second-factor. */
export const SECOND_FACTOR_ACTION = "/incoming/account/second-factor";

/** What the team page shows of each member's second factor. */
export type MemberFactors = { authenticator: boolean; passkeys: number; recoveryCodesLeft: number };

/** Where the team page's second-factor forms post (the requirement, a member's reset). */
export const TEAM_SECOND_FACTOR_ACTION = "/incoming/team/second-factor";
