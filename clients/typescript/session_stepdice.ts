// The README's stepdice session ("A stepdice session with curl") through openapi-fetch,
// typed by schema.d.ts: the dice scripted as the README's (5, 12, 4, 7), and a blind test
// that Iris neither sees in her view nor reads in her stream until the game master reveals
// it. What it observes has the names the Python session's has, checked the same way.
import type { Client } from "openapi-fetch";
import type { paths } from "./schema.js";
import { client, ok, type Schemas, seat, streamAsLogged } from "./session_common.js";

type View = Schemas["StepdiceView"];

/** What the session observed, for whoever runs it to check. */
export interface Outcome {
  rolls: (number | null)[];
  guide_hearts: [number, number];
  rogue: [number, boolean];
  results_seen_before_reveal: number[];
  blind_streamed: [number | null, string[]];
  stream_matches_log: boolean;
  tests_read_after_reveal: [number, number | null, string | null][];
  verified: boolean;
  dice_checked: number;
}

/** A stepdice table's view: `getView` answers one of every rule system's views. */
async function view(player: Client<paths>, table: string): Promise<View> {
  const answer = ok(
    await player.GET("/tables/{table_id}", { params: { path: { table_id: table } } }),
  );
  if (answer.system !== "stepdice") throw new Error(`not a stepdice view: ${answer.system}`);
  return answer;
}

export async function play(api: string): Promise<Outcome> {
  const created = ok(
    await client(api).POST("/tables", {
      body: {
        title: "The Crypt",
        gm_name: "Gea",
        system: "stepdice",
        options: { scripted_rolls: [5, 12, 4, 7] },
      },
    }),
  );
  const table = created.table_id;
  const path = { path: { table_id: table } };
  const gm = client(api, created.credential);
  const iris = await seat(api, table, gm, "Iris");

  const c1 = ok(
    await iris.POST("/tables/{table_id}/stepdice/characters", {
      params: path,
      body: {
        name: "Rogue",
        attributes: { fuerza: 10, agilidad: 10, destreza: 10, magia: 8 },
        protected: true,
      },
    }),
  ).id;
  const c2 = ok(
    await gm.POST("/tables/{table_id}/stepdice/characters", {
      params: path,
      body: { name: "Guide", attributes: { fuerza: 8, agilidad: 8, destreza: 8, magia: 8 } },
    }),
  ).id;
  ok(
    await gm.POST("/tables/{table_id}/stepdice/maxima", {
      params: path,
      body: { character: c2, hearts_max: 3, reason: "an old guide" },
    }),
  );

  // A test against Normal (TN 6); then a helped one, exceptional: the GM grants its benefit
  const rolls: (number | null)[] = [];
  const test = async (body: Schemas["StepdiceTest"]) =>
    rolls.push(ok(await gm.POST("/tables/{table_id}/stepdice/tests", { params: path, body })).roll);
  await test({ character: c1, attribute: "agilidad", grade: "normal", shifts: [], helper: null });
  await test({
    character: c1,
    attribute: "fuerza",
    grade: "normal",
    shifts: [],
    helper: { character: c2, how: "steadies the lever" },
  });
  ok(
    await gm.POST("/tables/{table_id}/stepdice/benefits", {
      params: path,
      body: { roll: 2, benefit: "extra_benefit", description: "silently" },
    }),
  );

  // An attack on a pawn misses; Venganza would take a Heart, Iris spends her Armour token
  const e1 = ok(
    await gm.POST("/tables/{table_id}/stepdice/enemies", {
      params: path,
      body: { name: "Skeleton", category: "peon" },
    }),
  ).id;
  rolls.push(
    ok(
      await gm.POST("/tables/{table_id}/stepdice/attacks", {
        params: path,
        body: { character: c1, enemy: e1, kind: "melee", shifts: [], helper: null },
      }),
    ).roll,
  );
  ok(
    await gm.POST("/tables/{table_id}/stepdice/venganza", {
      params: path,
      body: { roll: 3, reach: true, effect: "heart" },
    }),
  );
  ok(
    await iris.POST("/tables/{table_id}/stepdice/armour/spend", {
      params: path,
      body: { character: c1 },
    }),
  );

  // A blind test: neither Iris's view nor her stream shows it until the GM reveals it
  await test({
    character: c1,
    attribute: "destreza",
    grade: "dificil",
    shifts: [],
    helper: null,
    visibility: "blind",
  });
  const before = await view(iris, table);
  const [streamed, matches] = await streamAsLogged(iris, table);
  const secret = [...streamed]
    .reverse()
    .find((e) => e.type === "stepdice.TestRolled" && e.data.roll === 4);
  if (secret?.type !== "stepdice.TestRolled") throw new Error("the blind test was not streamed");
  ok(
    await gm.POST("/tables/{table_id}/rolls/reveal", {
      params: path,
      body: { rolls: [4], reason: "the trap springs" },
    }),
  );
  const tested: Schemas["EventPage"] = ok(
    await iris.GET("/tables/{table_id}/events", {
      params: { ...path, query: { type: ["stepdice.TestRolled"] } },
    }),
  );

  const sheets = new Map((await view(gm, table)).characters.map((c) => [c.id, c]));
  const guide = sheets.get(c2);
  const rogue = sheets.get(c1);
  if (guide === undefined || rogue === undefined) throw new Error("a character is missing");
  ok(await gm.POST("/tables/{table_id}/close", { params: path }));
  const verification = ok(await iris.GET("/tables/{table_id}/verify", { params: path }));
  return {
    rolls,
    guide_hearts: [guide.hearts, guide.hearts_max],
    rogue: [rogue.hearts, rogue.armour],
    results_seen_before_reveal: before.results.map((result) => result.roll),
    blind_streamed: [secret.data.face, [...secret.hidden].sort()],
    stream_matches_log: matches,
    tests_read_after_reveal: tested.events.flatMap((e): Outcome["tests_read_after_reveal"] =>
      e.type === "stepdice.TestRolled" ? [[e.data.roll, e.data.face, e.data.outcome]] : [],
    ),
    verified: verification.verified,
    dice_checked: verification.dice_checked,
  };
}
