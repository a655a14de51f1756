// The README's PORTAL session ("A PORTAL session with curl") through openapi-fetch, typed by
// schema.d.ts: the dice scripted as the README's; a reroll with a Fortaleza, 1s locked by a
// point handed over, the game master's rulings, and a blind roll that Iris neither sees in
// her view nor reads in her stream until revealed. What it observes has the names the Python
// session's has, checked the same way.
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

const FACES = [6, 4, 2, 5, 2, 5, 3, 1, 1, 4, 2, 2, 2];

/** What the session observed, for whoever runs it to check. */
export interface Outcome {
  rolls: (number | null)[];
  omnium_seen_by_jon: [number, boolean];
  fireball_result: number;
  omnium_settled: [number, number, number];
  locked_reroll_refused: string;
  bruno_points: number;
  bruno_hurt: [number, number];
  open_rolls_before_reveal: number[];
  blind_streamed_hidden: string[];
  stream_matches_log: boolean;
  outcomes: (string | null)[];
  verified: boolean;
  dice_checked: number;
}

/** A PORTAL character's sheet, as this seat reads it. */
async function sheet(
  player: Client<paths>,
  table: string,
  character: string,
): Promise<Schemas["PortalCharacterView"]> {
  const read = ok(
    await player.GET("/tables/{table_id}/characters/{character_id}", {
      params: { path: { table_id: table, character_id: character } },
    }),
  );
  if (!("luck_held" in read)) throw new Error("not a PORTAL sheet");
  return read;
}

/** A PORTAL table's view, as this seat reads it. */
async function view(player: Client<paths>, table: string): Promise<Schemas["PortalView"]> {
  const read = ok(
    await player.GET("/tables/{table_id}", { params: { path: { table_id: table } } }),
  );
  if (read.system !== "portal") throw new Error(`not a PORTAL view: ${read.system}`);
  return read;
}

export async function play(api: string): Promise<Outcome> {
  const created = ok(
    await client(api).POST("/tables", {
      body: {
        title: "The Portal",
        gm_name: "Gea",
        system: "portal",
        options: { scripted_rolls: FACES },
      },
    }),
  );
  const table = created.table_id;
  const path = { path: { table_id: table } };
  const gm = client(api, created.credential);
  const iris = await seat(api, table, gm, "Iris");
  const jon = await seat(api, table, gm, "Jon");

  const create = async (player: Client<paths>, body: Schemas["PortalCreateCharacter"]) =>
    ok(await player.POST("/tables/{table_id}/portal/characters", { params: path, body })).id;
  const c1 = await create(iris, {
    sheet: {
      name: "Omnium",
      drives: { names: ["knowledge"] },
      points: { in_hand: 2 },
      fortalezas: [{ name: "Magia", level: 1, specialty: "fuego" }],
      discomfort: 1,
    },
  });
  const c2 = await create(jon, {
    sheet: {
      name: "Bruno",
      drives: { names: ["glory"] },
      fortalezas: [{ name: "Combate", level: 1 }],
    },
  });
  const seenByJon = await sheet(jon, table, c1);

  const rolls: (number | null)[] = [];
  const roll = async (body: Schemas["PortalOpenRoll"]) =>
    rolls.push(ok(await gm.POST("/tables/{table_id}/portal/rolls", { params: path, body })).roll);
  const reroll = (player: Client<paths>, number: number, index: number) =>
    player.POST("/tables/{table_id}/portal/rolls/reroll", {
      params: path,
      body: { roll: number, die: { kind: "basic", index }, source: "fortaleza" },
    });
  const settle = async (player: Client<paths>, number: number) =>
    ok(
      await player.POST("/tables/{table_id}/portal/rolls/settle", {
        params: path,
        body: { roll: number, payments: [] },
      }),
    );
  type Called = "automatic" | "aces" | "tempt" | "declined_wounds";
  const called: Pick<Schemas["PortalOpenRoll"], Called> = {
    automatic: null,
    aces: [],
    tempt: false,
    declined_wounds: 0,
  };

  // A fireball: MID against 4, Magia applies, a luck die; Iris rerolls the 2 and succeeds
  await roll({
    ...called,
    character: c1,
    readings: [
      {
        name: "fireball",
        choice: "MID",
        reason: "a trained mage",
        aguante: false,
        specialty: null,
      },
    ],
    difficulty: 4,
    fortalezas: [{ name: "Magia", reason: "a spell" }],
    luck: 1,
  });
  const fireball = (await view(iris, table)).open_rolls[0]?.readings[0]?.result;
  if (fireball === undefined) throw new Error("the fireball is not open");
  rolls.push(ok(await reroll(iris, 1, 2)).roll);
  await settle(iris, 1);
  const settled = await sheet(jon, table, c1);

  // Bruno's parry: Iris hands him one of Omnium's points, his 1s are locked, his 3 is not
  await roll({
    ...called,
    character: c2,
    readings: [
      { name: "parry", choice: "HIGH", reason: "a swordsman", aguante: false, specialty: null },
    ],
    difficulty: 3,
    fortalezas: [{ name: "Combate", reason: "a duel" }],
    luck: 0,
  });
  ok(
    await iris.POST("/tables/{table_id}/portal/rolls/block", {
      params: path,
      body: { roll: 3, giver: c1 },
    }),
  );
  const locked = refused(await reroll(jon, 3, 1));
  rolls.push(ok(await reroll(jon, 3, 0)).roll);
  await settle(jon, 3);
  const points = (await sheet(jon, table, c2)).points?.in_hand;
  if (points === undefined) throw new Error("Jon does not read Bruno's points");

  // The GM's rulings, each with its reason
  ok(
    await gm.POST("/tables/{table_id}/portal/damage", {
      params: path,
      body: { character: c2, points: 4, nonlethal: false, reason: "an orc axe" },
    }),
  );
  const hurt = await sheet(iris, table, c2);
  ok(
    await gm.POST("/tables/{table_id}/portal/luck/restore", {
      params: path,
      body: { character: c1, dice: 1, reason: "knowledge found" },
    }),
  );

  // A blind roll: neither Iris's view nor her stream shows it until the GM reveals it
  await roll({
    ...called,
    character: c1,
    readings: [
      { name: "notice", choice: "MID", reason: "a glance", aguante: false, specialty: null },
    ],
    difficulty: 3,
    fortalezas: [],
    luck: 0,
    visibility: "blind",
  });
  const hiddenFromIris = (await view(iris, table)).open_rolls;
  const [streamed, matches] = await streamAsLogged(iris, table);
  const secret = streamed.at(-1);
  if (secret?.type !== "portal.RollOpened") throw new Error("the blind roll was not streamed");
  ok(
    await gm.POST("/tables/{table_id}/rolls/reveal", {
      params: path,
      body: { rolls: [5], reason: "the trap is sprung" },
    }),
  );
  await settle(iris, 5);
  const page: Schemas["EventPage"] = ok(
    await jon.GET("/tables/{table_id}/events", {
      params: { ...path, query: { type: ["portal.RollSettled"] } },
    }),
  );

  ok(await gm.POST("/tables/{table_id}/close", { params: path }));
  const verification = ok(await iris.GET("/tables/{table_id}/verify", { params: path }));
  return {
    rolls,
    omnium_seen_by_jon: [seenByJon.discomfort, Array.isArray(seenByJon.fortalezas)],
    fireball_result: fireball,
    omnium_settled: [settled.discomfort, settled.luck_held, settled.luck_lost],
    locked_reroll_refused: locked.code,
    bruno_points: points,
    bruno_hurt: [hurt.discomfort, hurt.wound],
    open_rolls_before_reveal: hiddenFromIris.map((open) => open.roll),
    blind_streamed_hidden: [...secret.hidden].sort(),
    stream_matches_log: matches,
    outcomes: page.events.flatMap((e) =>
      e.type === "portal.RollSettled" ? [e.data.verdict?.outcome ?? null] : [],
    ),
    verified: verification.verified,
    dice_checked: verification.dice_checked,
  };
}
