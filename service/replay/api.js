// The page's only door to the server: the public API, with the seat's credential as a
// bearer header. Nothing here knows a rule system.

export class Problem extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false || value === "") continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export class Api {
  constructor(tableId, credential) {
    this.tableId = tableId;
    this.credential = credential;
  }

  get headers() {
    return { Authorization: `Bearer ${this.credential}`, Accept: "application/json" };
  }

  // `signal` cancels a read nobody waits for any more (a superseded version while scrubbing);
  // cancelled while its answer's body arrives, the read fails (an AbortError), never answers
  // null in its stead: a caller caches what it answers
  async get(path, params = {}, signal = undefined) {
    const response = await fetch(`/tables/${this.tableId}${path}${query(params)}`, {
      headers: this.headers,
      cache: "no-store",
      signal,
    });
    if (!response.ok) throw new Problem(response.status, await response.json().catch(() => null));
    return response.json();
  }

  // `perspective`: the game master reads as that seat read (within his audit)
  view(version, audit, signal, perspective) {
    return this.get("", { version, audit: perspective ? undefined : audit, perspective }, signal);
  }

  // the server filters (seat, character, text, type) and bounds what each read examines, so
  // a page costs the same on any length of log; `next_after` says where the next read goes on
  events({ after, toVersion, limit, seat, character, text, types, audit, perspective }) {
    return this.get("/events", {
      after, to_version: toVersion, limit, seat, character, text, type: types,
      audit: perspective ? undefined : audit, perspective,
    });
  }

  // every event of the log up to `toVersion`, page after page, as the caller reads it;
  // `progress(version)` hears how far it got
  async log({ toVersion, audit, perspective, progress }) {
    const events = [];
    for (let after = 0; after !== null && after < toVersion;) {
      const page = await this.events({ after, toVersion, limit: 500, audit, perspective });
      events.push(...page.events);
      after = page.next_after;
      progress?.(after ?? toVersion);
    }
    return events;
  }

  // `perspective`: the game master reads the record as that seat read it (within his audit)
  test(number, audit, perspective) {
    return this.get(`/tests/${number}`, { audit: perspective ? undefined : audit, perspective });
  }

  stats(audit) {
    return this.get("/stats", { audit });
  }

  // Every event type a table of `system` logs, as `GET /systems` lists them.
  async eventTypes(system) {
    const response = await fetch("/systems", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Problem(response.status, await response.json().catch(() => null));
    const described = (await response.json()).find((info) => info.name === system);
    return described ? described.event_types : [];
  }

  verify() {
    return this.get("/verify");
  }

  // The SSE stream, read with fetch(): an EventSource cannot send the Authorization header
  // the stream authenticates with. Calls onMessage({id, event, data}) per message.
  async stream({ after, audit, signal, onMessage }) {
    const response = await fetch(`/tables/${this.tableId}/stream${query({ after, audit })}`, {
      headers: { ...this.headers, Accept: "text/event-stream" },
      signal,
      cache: "no-store",
    });
    if (!response.ok) throw new Problem(response.status, await response.json().catch(() => null));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message = { id: null, event: "message", data: [] };
        for (const line of block.split("\n")) {
          if (!line || line.startsWith(":")) continue;
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "data") message.data.push(text);
          else if (field === "id") message.id = text;
          else if (field === "event") message.event = text;
        }
        if (message.data.length) onMessage({ ...message, data: message.data.join("\n") });
      }
    }
  }
}
