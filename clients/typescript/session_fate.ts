// The README's fate session ("A fate session with curl") through openapi-fetch, typed by
// schema.d.ts: the dice scripted as the README's; an aspect invoked and a fate point spent,
// a close guess discovering the Barón's hidden aspect, a compel and two hits, and a blind
// roll that Iris neither sees in her view nor reads in her stream until revealed. What it
// observes has the names the Python session's has, checked the same way.
import type { Client } from "openapi-fetch";
import type { paths } from "./schema.js";
import {
  client,
  ok,
  refused,
  type Schemas,
  seat,
  streamAsLogged,
} from "./session_common.js";

const FACES = [1, 3, 3, 3, 3, 3, 3, 3, 5, 3, 3, 3, 6, 6, 6, 6];

/** What the session observed, for whoever runs it to check. */
export interface Outcome {
  rolls: (number | null)[];
  baron_aspects_before: string[];
  baron_aspects_after: string[];
  baron_fate_points: number;
  climb: [number, number, number];
  unnamed_consequence_refused: string;
  bruno: [number, number[], string];
  open_rolls_before_reveal: number[];
  blind_streamed_hidden: string[];
  stream_matches_log: boolean;
  shifts: number[];
  verified: boolean;
  dice_checked: number;
}

type Settled = Extract<Schemas["Event"], { type: "fate.RollSettled" }>;

/** A fate character's sheet, as this seat reads it. */
async function sheet(
  player: Client<paths>,
  table: string,
  character: string,
): Promise<Schemas["FateCharacterView"]> {
  const read = ok(
    await player.GET("/tables/{table_id}/characters/{character_id}", {
      params: { path: { table_id: table, character_id: character } },
    }),
  );
  if (!("refresh" in read)) throw new Error("not a fate sheet");
  return read;
}

/** The settled rolls of the log, as this seat reads them. */
async function verdicts(player: Client<paths>, table: string): Promise<Settled[]> {
  const page: Schemas["EventPage"] = ok(
    await player.GET("/tables/{table_id}/events", {
      params: { path: { table_id: table }, query: { type: ["fate.RollSettled"] } },
    }),
  );
  return page.events.flatMap((e) => (e.type === "fate.RollSettled" ? [e] : []));
}

export async function play(api: string): Promise<Outcome> {
  const created = ok(
    await client(api).POST("/tables", {
      body: {
        title: "El puerto",
        gm_name: "Gea",
        system: "fate",
        options: { scripted_rolls: FACES },
      },
    }),
  );
  const table = created.table_id;
  const path = { path: { table_id: table } };
  const gm = client(api, created.credential);
  const iris = await seat(api, table, gm, "Iris");
  const jon = await seat(api, table, gm, "Jon");

  const create = async (player: Client<paths>, sheet: Schemas["FateSheet"]) =>
    ok(await player.POST("/tables/{table_id}/fate/characters", { params: path, body: { sheet } }))
      .id;
  const c1 = await create(iris, {
    name: "Ana",
    skills: [{ name: "Atletismo", rating: 3 }],
    aspects: [{ name: "Ágil como un gato" }],
    fate_points: 3,
    refresh: 3,
  });
  const c2 = await create(jon, {
    name: "Bruno",
    skills: [{ name: "Puños", rating: 4 }],
    aspects: [{ name: "Impulsivo" }],
    fate_points: 2,
    refresh: 2,
  });
  const c3 = await create(gm, {
    name: "El Barón",
    kind: "npc",
    skills: [{ name: "Provocar", rating: 2 }],
    fate_points: 1,
    aspects: [{ name: "Barón del puerto" }, { name: "Cobarde", hidden: true }],
  });
  const before = await sheet(jon, table, c3);

  const rolls: (number | null)[] = [];
  const called = { full_defence: false, secondary_action: null, combined_with: [] };
  const roll = async (body: Omit<Schemas["FateRollSkill"], keyof typeof called>) =>
    rolls.push(
      ok(
        await gm.POST("/tables/{table_id}/fate/rolls", {
          params: path,
          body: { ...called, ...body },
        }),
      ).roll,
    );
  const invoke = async (player: Client<paths>, body: Schemas["FateInvokeAspect"]) =>
    ok(await player.POST("/tables/{table_id}/fate/rolls/invoke", { params: path, body }));
  const rule = async (body: Schemas["FateRuleInvocation"]) =>
    ok(await gm.POST("/tables/{table_id}/fate/rolls/rule", { params: path, body }));
  const settle = async (player: Client<paths>, number: number, fatePoints: number) =>
    ok(
      await player.POST("/tables/{table_id}/fate/rolls/settle", {
        params: path,
        body: { roll: number, fate_points: fatePoints },
      }),
    );

  // Ana climbs a wall: her aspect invoked (+2), accepted, and one more point spent (+1)
  await roll({
    character: c1,
    skill: "Atletismo",
    difficulty: 4,
    opposed_by: null,
    reason: "a high wall",
  });
  await invoke(iris, {
    roll: 1,
    aspect: "Ágil como un gato",
    owner: c1,
    effect: "plus_two",
    against_owner: false,
    guess: false,
  });
  await rule({
    roll: 1,
    accepted: true,
    reason: "she climbs like one",
    revealed: null,
    secret: null,
  });
  await settle(iris, 1, 1);
  const climbed = (await verdicts(jon, table))[0];
  if (climbed === undefined) throw new Error("the climb was not settled");

  // The Barón's taunt, settled first; Ana's answer; Iris's guess finds his hidden aspect
  await roll({
    character: c3,
    skill: "Provocar",
    difficulty: 0,
    opposed_by: null,
    reason: "a taunt",
  });
  await settle(gm, 2, 0);
  await roll({
    character: c1,
    skill: "Intimidar",
    difficulty: null,
    opposed_by: 2,
    reason: "facing him",
  });
  await invoke(iris, {
    roll: 3,
    aspect: "Miedoso",
    owner: c3,
    effect: "plus_two",
    against_owner: true,
    guess: true,
  });
  await rule({
    roll: 3,
    accepted: true,
    reason: "close enough",
    revealed: "Cobarde",
    secret: true,
  });
  await settle(iris, 3, 0);
  const after = await sheet(jon, table, c3);

  // A compel accepted; two hits on Bruno, the second one taken as a consequence
  ok(
    await gm.POST("/tables/{table_id}/fate/compels", {
      params: path,
      body: {
        character: c2,
        aspect: "Impulsivo",
        kind: "offered",
        accepted: true,
        reason: "he starts a brawl",
      },
    }),
  );
  const hit = (shifts: number, consequence: string | null, reason: string) =>
    gm.POST("/tables/{table_id}/fate/hits", {
      params: path,
      body: { character: c2, track: "health", shifts, consequence, reason },
    });
  ok(await hit(3, null, "a bottle"));
  const unnamed = refused(await hit(6, null, "a chair"));
  ok(await hit(6, "Brazo roto", "a chair"));
  const hurt = await sheet(iris, table, c2);
  const consequence = hurt.consequences[0];
  if (consequence === undefined) throw new Error("Bruno took no consequence");

  // A blind roll: neither Iris's view nor her stream shows it until the GM reveals it
  await roll({
    character: c3,
    skill: "Provocar",
    difficulty: 3,
    opposed_by: null,
    reason: "he lies",
    visibility: "blind",
  });
  const view = ok(await iris.GET("/tables/{table_id}", { params: path }));
  if (view.system !== "fate") throw new Error(`not a fate view: ${view.system}`);
  await settle(gm, 4, 0);
  const [streamed, matches] = await streamAsLogged(iris, table);
  const secret = [...streamed].reverse().find((e) => e.type === "fate.SkillRolled");
  if (secret?.type !== "fate.SkillRolled") throw new Error("the blind roll was not streamed");
  ok(
    await gm.POST("/tables/{table_id}/rolls/reveal", {
      params: path,
      body: { rolls: [4], reason: "caught" },
    }),
  );
  const settled = await verdicts(jon, table);

  ok(await gm.POST("/tables/{table_id}/close", { params: path }));
  const verification = ok(await iris.GET("/tables/{table_id}/verify", { params: path }));
  return {
    rolls,
    baron_aspects_before: before.aspects.map((aspect) => aspect.name),
    baron_aspects_after: after.aspects.map((aspect) => aspect.name),
    baron_fate_points: after.fate_points,
    climb: [
      climbed.data.verdict.effort,
      climbed.data.verdict.shifts,
      climbed.data.fate_points[c1] ?? 0,
    ],
    unnamed_consequence_refused: unnamed.code,
    bruno: [hurt.fate_points, hurt.health.marked ?? [], consequence.severity],
    open_rolls_before_reveal: view.open_rolls.map((open) => open.roll),
    blind_streamed_hidden: [...secret.hidden].sort(),
    stream_matches_log: matches,
    shifts: settled.map((event) => event.data.verdict.shifts),
    verified: verification.verified,
    dice_checked: verification.dice_checked,
  };
}
