/**
 * A stored voice note as an HTTP answer: HEAD and GET, whole (200) or a byte range (206), as Safari insists on and as
 * Twilio's media fetch expects: the type is the one stored (never sniffed), the length exact.
 */
export async function audioResponse(
  bucket: R2Bucket,
  request: Request,
  note: { key: string; contentType: string },
  cache: string,
): Promise<Response> {
  const head = await bucket.head(note.key);
  if (!head) return new Response(null, { status: 404 });
  const size = head.size;
  const base: Record<string, string> = {
    "Content-Type": note.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": cache,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
    ETag: head.httpEtag,
  };
  const range = parseRange(request.headers.get("Range"), size);
  if (range === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...base, "Content-Range": `bytes */${size}` } });
  if (request.method === "HEAD") {
    return new Response(null, {
      status: range ? 206 : 200,
      headers: {
        ...base,
        "Content-Length": String(range ? range.end - range.start + 1 : size),
        ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${size}` } : {}),
      },
    });
  }
  const object = await bucket.get(
    note.key,
    range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : undefined,
  );
  if (!object) return new Response(null, { status: 404 });
  if (!range) return new Response(object.body, { status: 200, headers: { ...base, "Content-Length": String(size) } });
  return new Response(object.body, {
    status: 206,
    headers: {
      ...base,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}

/**
 * One `bytes=` range (what media players ask for): `a-b`, `a-` or `-n`. null means the whole file (no header,
 * or one we don't serve as a range, such as several ranges); a start past the end is unsatisfiable.
 */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
