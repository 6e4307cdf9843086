/** Any path no route claims: a real 404 status and the not-found screen. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}
