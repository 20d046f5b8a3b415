// Text cut to a limit counted in UTF-8 octets, as the wire formats count it: MIME's encoded words
// (app/mail/mime.server.ts) and iCalendar's folded lines (app/features/appointments/server/icalendar.server.ts).
// A cut inside a UTF-8 sequence or between the halves of a surrogate pair makes the text unreadable,
// so pieces are of whole characters.

const utf8 = new TextEncoder();

/**
 * `text` in pieces of whole characters, each at most `maxOctets` in UTF-8, every piece after the
 * first starting with `continuation` (counted in its octets); none for an empty text.
 */
export function utf8Pieces(text: string, maxOctets: number, continuation = ""): string[] {
  const continuationOctets = utf8.encode(continuation).length;
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const character of text) {
    const size = utf8.encode(character).length;
    if (octets + size > maxOctets) {
      pieces.push(piece);
      piece = continuation;
      octets = continuationOctets;
    }
    piece += character;
    octets += size;
  }
  if (piece) pieces.push(piece);
  return pieces;
}
