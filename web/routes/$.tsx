/** Any path no route claims: a real 404 status and the not-found screen. */
import { withCatalog } from "../i18n/pageCatalog";
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}

// a client-side visit renders once the language's whole catalog is here (ADR 031)
export const clientLoader = withCatalog;
