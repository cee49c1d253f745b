#!/usr/bin/env node
// Umpire's gRPC service from Node.js, with nothing but the .proto files in
// the repository's proto/ folder and three npm packages (@grpc/grpc-js,
// @grpc/proto-loader, protobufjs). It plays the start of a game the way any
// client would:
//
//   1. CreateGame      a Major Battles game (one secret token per side)
//   2. GetState        the American side's view (versions are 64-bit: strings here)
//   3. Query           the legal actions, each with a submittable example
//   4. SubmitAction    the first example, with the version it was read on
//   5. WatchGame       the events from version 0 up to the submitted action
//   6. an illegal action (ending the setup with units still to place): the
//      FAILED_PRECONDITION status carries a google.rpc.Status in the
//      `grpc-status-details-bin` trailer; its details decode with
//      proto/google/rpc/*.proto into umpire.v1.IllegalActionDetail (the
//      verdict, with the rule each violation cites) and
//      google.rpc.PreconditionFailure.
//
// Usage: node client.js [SERVER] [SCENARIO]
//   SERVER    host:port of an Umpire server (default $UMPIRE_SERVER or 127.0.0.1:50051)
//   SCENARIO  a shipped scenario id (default major-battles/normandy)
// The protos are read from ../../proto (or $UMPIRE_PROTO_DIR). docs/clients.md
// explains the choices made here.
'use strict';

const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

const PROTO_DIR = process.env.UMPIRE_PROTO_DIR || path.resolve(__dirname, '..', '..', 'proto');
const SERVER = process.argv[2] || process.env.UMPIRE_SERVER || '127.0.0.1:50051';
const SCENARIO = process.argv[3] || 'major-battles/normandy';
const DEADLINE_MS = 10000;

// keepCase: field names as in the .proto files (game_id, not gameId).
// longs: String: the uint64 versions arrive as decimal strings, never as
// lossy JavaScript numbers (docs/clients.md, "64-bit fields").
// enums: String: enum values by name. oneofs: true: a oneof's member name is
// in a virtual field (Action.kind = "place").
const LOAD_OPTIONS = {
  keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_DIR],
};

const definition = protoLoader.loadSync('umpire/v1/service.proto', LOAD_OPTIONS);
const umpire = grpc.loadPackageDefinition(definition).umpire.v1;

// A protobufjs root for the error details: google.rpc.Status and the
// standard details from proto/google/rpc (any.proto and duration.proto are
// bundled with protobufjs), and umpire.v1's own details.
const details = new protobuf.Root();
details.resolvePath = (origin, target) => path.join(PROTO_DIR, target);
details.loadSync(['google/rpc/status.proto', 'google/rpc/error_details.proto', 'umpire/v1/service.proto'],
  { keepCase: true });
const Status = details.lookupType('google.rpc.Status');

/** The decoded google.rpc.Status of a failed call, each detail unpacked by its type URL. */
function statusDetails(err) {
  const raw = err.metadata && err.metadata.get('grpc-status-details-bin')[0];
  if (!raw) return null;
  const status = Status.decode(raw);
  return {
    code: status.code,
    message: status.message,
    details: status.details.map((any) => {
      const name = any.type_url.slice(any.type_url.lastIndexOf('/') + 1);
      const type = details.lookupType(name);
      return { type: name, value: type.toObject(type.decode(any.value), { longs: String, enums: String }) };
    }),
  };
}

function bearer(token) {
  const md = new grpc.Metadata();
  md.set('authorization', `Bearer ${token}`);
  return md;
}

function deadline() {
  return { deadline: Date.now() + DEADLINE_MS };
}

/** A unary call as a promise. */
function unary(client, method, request, metadata = new grpc.Metadata()) {
  return new Promise((resolve, reject) => {
    client[method](request, metadata, deadline(), (err, response) => (err ? reject(err) : resolve(response)));
  });
}

/** Events of the game from version 0 until one of `untilVersion` has arrived. */
function watchUntil(client, game, token, untilVersion) {
  return new Promise((resolve, reject) => {
    const events = [];
    const call = client.WatchGame({ game_id: game, from_version: '0' }, bearer(token));
    const timer = setTimeout(() => { call.cancel(); reject(new Error('no event of the submitted action')); },
      DEADLINE_MS);
    call.on('data', (item) => {
      events.push(item.event);
      if (item.event.version === untilVersion) {
        clearTimeout(timer);
        call.cancel(); // ends the stream with CANCELLED, which is ours
        resolve(events);
      }
    });
    call.on('error', (err) => {
      if (err.code !== grpc.status.CANCELLED) { clearTimeout(timer); reject(err); }
    });
  });
}

async function main() {
  const client = new umpire.Adjudicator(SERVER, grpc.credentials.createInsecure());

  // 1. CreateGame: no token needed; the response holds one token per side.
  const created = await unary(client, 'CreateGame', { scenario_id: SCENARIO });
  const game = created.game_id;
  const side = created.tokens[0].side;
  const token = created.tokens[0].token;
  console.log(`created game ${game} (${SCENARIO}), version ${created.version}; sides: ${
    created.tokens.map((t) => t.side).join(', ')}`);
  // The tokens are the players' secrets: shown once, as `umpire client create` does.
  for (const t of created.tokens) console.log(`  ${t.side} token: ${t.token}`);

  // 2. GetState: the caller side's view.
  const { state } = await unary(client, 'GetState', { game_id: game }, bearer(token));
  console.log(`state: version ${state.version} (${typeof state.version}), turn ${state.turn}, `
    + `phase ${state.phase}, active ${state.active_side}, view of ${state.viewer}, ${state.units.length} units`);

  // 3. Query legal_actions: every kind offered comes with a submittable example.
  const legal = await unary(client, 'Query', { game_id: game, legal_actions: {} }, bearer(token));
  console.log(`legal: ${legal.legal_actions.length} actions on version ${legal.version}; first: `
    + `${legal.legal_actions[0].kind}: ${legal.legal_actions[0].description}`);

  // 4. SubmitAction: the first example, on the version the state was read on.
  const example = legal.legal_actions[0].example;
  const submitted = await unary(client, 'SubmitAction',
    { game_id: game, action: example, expected_version: state.version }, bearer(token));
  console.log(`submitted ${example.kind}: legal ${submitted.verdict.legal}, version ${submitted.version}, `
    + `${submitted.events.length} event(s)`);

  // 5. WatchGame: from version 0 (the creation's events) to the action just accepted.
  const events = await watchUntil(client, game, token, submitted.version);
  for (const e of events) console.log(`event v${e.version} ${e.kind}: ${e.text}`);

  // 6. An illegal action: FAILED_PRECONDITION with the verdict in the status details.
  try {
    await unary(client, 'SubmitAction',
      { game_id: game, action: { side, end_phase: {} }, expected_version: submitted.version }, bearer(token));
    throw new Error('ending the setup with units to place was accepted');
  } catch (err) {
    if (err.code !== grpc.status.FAILED_PRECONDITION) throw err;
    const status = statusDetails(err);
    console.log(`refused: ${grpc.status[err.code]} (${status.code}) with ${status.details.length} detail(s)`);
    for (const d of status.details) {
      if (d.type === 'umpire.v1.IllegalActionDetail') {
        for (const v of d.value.verdict.violations) {
          console.log(`violation ${v.code}: ${v.message} [${v.citation.ruleset} ${v.citation.rule_case}]`);
        }
      } else if (d.type === 'google.rpc.PreconditionFailure') {
        for (const v of d.value.violations) console.log(`precondition ${v.type} ${v.subject}`);
      } else {
        console.log(`detail ${d.type}: ${JSON.stringify(d.value)}`);
      }
    }
  }
  client.close();
}

main().catch((err) => {
  console.error(`umpire node client: ${err.code !== undefined ? `${grpc.status[err.code]}: ` : ''}${err.details || err.message}`);
  process.exit(1);
});
