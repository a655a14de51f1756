// What every session does the same way through openapi-fetch, typed by schema.d.ts: a client
// of the document, a seat claimed, an answer unwrapped, and the table's stream read as NDJSON
// next to its log. No cast: a view or an event is narrowed by its `system` or `type`.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export type Schemas = components["schemas"];
export type Event = Schemas["Event"];
type StreamMessage = Schemas["StreamMessage"];
/** What `getView` answers: the view of a table of any rule system, told apart by `system`. */
export type AnyView =
  paths["/tables/{table_id}"]["get"]["responses"][200]["content"]["application/json"];

/** The data of an answer, or an error with what the server answered instead. */
export function ok<T, E>(answer: { data?: T; error?: E; response: Response }): T {
  if (answer.data === undefined) {
    throw new Error(`${answer.response.status}: ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

/** The problem a refused call answered, or an error if it was not refused. */
export function refused<T, E>(answer: { data?: T; error?: E }): E {
  if (answer.error === undefined) throw new Error(`not refused: ${JSON.stringify(answer.data)}`);
  return answer.error;
}

/** A client of the whole document, as anybody or with a seat's credential. */
export function client(api: string, credential?: string): Client<paths> {
  const headers: Record<string, string> =
    credential === undefined ? {} : { Authorization: `Bearer ${credential}` };
  return createClient<paths>({ baseUrl: api, headers });
}

/** The game master seats a player; the player claims the seat with the invitation (no
 * credential needed) and gets a client of its own with the credential. */
export async function seat(
  api: string,
  table: string,
  gm: Client<paths>,
  name: string,
): Promise<Client<paths>> {
  const invited = ok(
    await gm.POST("/tables/{table_id}/seats", {
      params: { path: { table_id: table } },
      body: { name },
    }),
  );
  const claimed = ok(
    await client(api).POST("/tables/{table_id}/seats/{seat}/claim", {
      params: { path: { table_id: table, seat: invited.seat } },
      body: { invitation: invited.invitation },
    }),
  );
  return client(api, claimed.credential);
}

/** The events of the table's stream as NDJSON, from its first event to version `until`
 * (asked for so, the stream ends by itself), each line one `StreamMessage`. */
export async function readStream(
  player: Client<paths>,
  table: string,
  until: number,
): Promise<Event[]> {
  const text = ok(
    await player.GET("/tables/{table_id}/stream", {
      params: { path: { table_id: table }, query: { after: 0, until } },
      headers: { Accept: "application/x-ndjson" },
      parseAs: "text",
    }),
  );
  const events: Event[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    // typed by the document's `StreamMessage`, as openapi-fetch types a JSON body it parses
    const message: StreamMessage = JSON.parse(line);
    if (message.message === "problem") throw new Error(`stream problem: ${message.problem.detail}`);
    if (message.message === "event") events.push(message.event);
  }
  return events;
}

/** The events the table's stream sends this seat, up to the log's last one, and whether
 * they are the log's events as this seat reads them (the masked fields included). */
export async function streamAsLogged(
  player: Client<paths>,
  table: string,
): Promise<[Event[], boolean]> {
  const page: Schemas["EventPage"] = ok(
    await player.GET("/tables/{table_id}/events", {
      params: { path: { table_id: table }, query: { limit: 500 } },
    }),
  );
  const last = page.events.at(-1);
  if (last === undefined) throw new Error("an empty log");
  const streamed = await readStream(player, table, last.version);
  return [streamed, JSON.stringify(streamed) === JSON.stringify(page.events)];
}
