// A booking's job as people read it. No database here: the browser imports it (/bookings, /dashboard), and a module
// that imports the schema would carry drizzle into every page that shows a booking.
import { clip } from "../text/clip";

/**
 * A booking's title and its description: a booking made from a request stores "title\ndescription"; a direct
 * one stores only the description, which is then its own title.
 */
export function titleAndDescription(serviceDescription: string): { title: string; description: string | null } {
  const [first, ...rest] = serviceDescription.split("\n");
  const description = rest.join("\n").trim();
  return description ? { title: first.trim(), description } : { title: serviceDescription.trim(), description: null };
}

/** The job in one line for an alert or a chat: "title: description", cut at a word to `max` characters. */
export function jobLine(serviceDescription: string, max: number): string {
  const { title, description } = titleAndDescription(serviceDescription);
  return clip(description ? `${title}: ${description}` : title, max);
}
