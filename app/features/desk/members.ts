/** A member records can be given to, as the desk's forms and filters list them. */
export type DeskMember = { username: string; name: string };

/** Each member's name by username. */
export const namesOf = (members: readonly DeskMember[]) =>
  Object.fromEntries(members.map((member) => [member.username, member.name]));
