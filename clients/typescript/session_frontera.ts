// The README's Frontera session ("A session with curl") through openapi-fetch, typed by what
// openapi-typescript generates from openapi/openapi.json with its default flags
// (`npm run generate` writes schema.d.ts). tests/test_clients.py type-checks it with
// `tsc --strict --noEmit`, then compiles it and plays it against a live server (run.mjs).
import type { Client } from "openapi-fetch";
import type { paths } from "./schema.js";
import {
  type AnyView,
  client,
  type Event,
  ok,
  readStream,
  type Schemas,
  seat,
} from "./session_common.js";

type TableView = Schemas["FronteraTableView"];
/** A page of the log: `listEvents` answers JSON only (the whole log as NDJSON is
 * `exportEvents`'s), so openapi-fetch's `data` is exactly this, masked fields included
 * (typed as their value or null, never as null alone, which `Readable<>` would drop). */
type EventPage = Schemas["EventPage"];

/** What the session observed, for whoever runs it to check. */
export interface Outcome {
  table_id: string;
  /** the cards each seat saw in the opposed test, by seat name and then character */
  opposed_cards_seen: Record<string, Record<string, string[] | null>>;
  /** what each player drew in the opposed test, by character */
  opposed_drawn: Record<string, string[]>;
  /** the numbers of the tests the log's TestResolved events resolve, in order */
  resolved_tests: number[];
  /** the streamed events, their versions and types, and whether the log has the same */
  streamed: [number, Event["type"]][];
  stream_matches_log: boolean;
  /** the table rewound to the version after `start`: its version, started, a test open */
  rewound: [number, boolean, boolean];
  closed: boolean;
  verified: boolean;
  shuffles_checked: number;
}

/** A card to choose: any but a joker (whose suit the chooser would have to name). */
function playable(cards: string[]): string {
  const card = cards.find((c) => !c.includes("JK"));
  if (card === undefined) throw new Error(`only jokers in ${cards.join(", ")}`);
  return card;
}

/** A Frontera table's view: `getView` answers one of every rule system's views. */
function frontera(view: AnyView): TableView {
  if (view.system !== "frontera") throw new Error(`not a Frontera table's view: ${view.system}`);
  return view;
}

/** The cards each participant of the open test holds, as this view shows them. */
function cardsSeen(view: TableView): Record<string, string[] | null> {
  if (view.test === null) throw new Error("no test is open");
  const seen: Record<string, string[] | null> = {};
  for (const participant of view.test.participants) {
    seen[participant.character] = participant.cards ?? null;
  }
  return seen;
}

export async function play(api: string): Promise<Outcome> {
  const created = ok(
    await client(api).POST("/tables", {
      body: { title: "Dust and Lead", gm_name: "Ana", options: { mode: "no_management" } },
    }),
  );
  const table = created.table_id;
  const path = { path: { table_id: table } };
  const mayor = client(api, created.credential);
  const david = await seat(api, table, mayor, "David");
  const judit = await seat(api, table, mayor, "Judit");

  const c1 = ok(
    await david.POST("/tables/{table_id}/characters", {
      params: path,
      body: {
        name: "Policarpo",
        traits: { hands: 3, senses: 4, muscle: 3, head: 2 },
        skills: ["brawl", "agility", "cunning", "knowledge"],
      },
    }),
  ).id;
  const c2 = ok(
    await judit.POST("/tables/{table_id}/characters", {
      params: path,
      body: {
        name: "Clementine",
        traits: { hands: 2, senses: 4, muscle: 3, head: 3 },
        skills: ["aim", "agility", "cunning", "perception"],
        money: 27,
        purchases: [
          { item: "rifle", price: 20 },
          { item: "work clothes", price: 3 },
        ],
      },
    }),
  ).id;
  const started = ok(await mayor.POST("/tables/{table_id}/start", { params: path })).version;

  // A trait test: Senses (Perception), difficulty 8; David draws and chooses
  ok(
    await mayor.POST("/tables/{table_id}/tests/trait", {
      params: path,
      body: { character: c1, trait: "senses", skill: "perception", difficulty: 8 },
    }),
  );
  const drawn = ok(
    await david.POST("/tables/{table_id}/tests/draw", { params: path, body: { character: c1 } }),
  ).cards;
  ok(
    await david.POST("/tables/{table_id}/tests/choose", {
      params: path,
      body: { character: c1, cards: [playable(drawn)] },
    }),
  );

  // An opposed test: a chase, Muscle (Agility) on both sides; each draws and chooses in
  // secret, and each sees only its own cards until the reveal
  ok(
    await mayor.POST("/tables/{table_id}/tests/opposed", {
      params: path,
      body: {
        participants: [
          { character: c1, trait: "muscle", skill: "agility" },
          { character: c2, trait: "muscle", skill: "agility" },
        ],
      },
    }),
  );
  const players: [string, Client<paths>][] = [
    [c1, david],
    [c2, judit],
  ];
  const drawnBy: Record<string, string[]> = {};
  for (const [character, player] of players) {
    drawnBy[character] = ok(
      await player.POST("/tables/{table_id}/tests/draw", { params: path, body: { character } }),
    ).cards;
  }
  const seen = {
    David: cardsSeen(frontera(ok(await david.GET("/tables/{table_id}", { params: path })))),
    Judit: cardsSeen(frontera(ok(await judit.GET("/tables/{table_id}", { params: path })))),
  };
  for (const [character, player] of players) {
    ok(
      await player.POST("/tables/{table_id}/tests/choose", {
        params: path,
        body: { character, cards: [playable(drawnBy[character] ?? [])] },
      }),
    );
  }

  // The log, the stream, a rewind
  const resolvedPage: EventPage = ok(
    await david.GET("/tables/{table_id}/events", {
      params: { ...path, query: { type: ["TestResolved"] } },
    }),
  );
  const resolved = resolvedPage.events;
  const numbers = resolved.flatMap((e) => (e.type === "TestResolved" ? [e.data.test] : []));
  // the stream of the log's first five events: it ends at the fifth one's version
  const loggedPage: EventPage = ok(
    await judit.GET("/tables/{table_id}/events", { params: { ...path, query: { limit: 5 } } }),
  );
  const logged = loggedPage.events;
  const fifth = logged.at(-1);
  if (fifth === undefined) throw new Error("an empty log");
  const streamed = await readStream(judit, table, fifth.version);
  const rewound = frontera(
    ok(await david.GET("/tables/{table_id}", { params: { ...path, query: { version: started } } })),
  );

  // Closing reveals the seed; then anyone at the table can verify every shuffle
  ok(await mayor.POST("/tables/{table_id}/close", { params: path }));
  const verification = ok(await david.GET("/tables/{table_id}/verify", { params: path }));
  const final = frontera(ok(await judit.GET("/tables/{table_id}", { params: path })));
  return {
    table_id: table,
    opposed_cards_seen: seen,
    opposed_drawn: drawnBy,
    resolved_tests: numbers,
    streamed: streamed.map((e) => [e.version, e.type]),
    stream_matches_log: JSON.stringify(streamed) === JSON.stringify(logged),
    rewound: [rewound.version, rewound.started, rewound.test !== null],
    closed: final.closed,
    verified: verification.verified,
    shuffles_checked: verification.shuffles_checked,
  };
}
