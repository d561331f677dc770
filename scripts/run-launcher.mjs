// The run launcher: a small Node process that a heartbeat worker forks once and asks (over IPC) to
// start agent programs. Forking is the expensive part of starting a program, and its cost grows
// with the size of the process that forks: a Next server spends about 10 ms of its event loop on
// each fork, this process about 1 ms, on its own core. The worker keeps everything else (timeouts,
// cancels, the log); this process only spawns, streams output back and reports the exit.
//
// Messages in:  { type: "start", id, command, args, cwd, env, stdin }
// Messages out: { type: "spawned", id, pid } · { type: "out", id, text, stream } · { type: "exit", id, code, signal, error }
//
// When the worker's process goes away (even by kill -9) the IPC channel closes, and every process
// group started here is killed: no agent program outlives the worker that ran it.
import { spawn } from "node:child_process";

const groups = new Map();

function killGroup(pid, sig) {
  try {
    process.kill(-pid, sig);
  } catch {
    // the group is already gone
  }
}

function send(message) {
  // a send racing the worker's death fails with EPIPE: the callback takes the error, which would
  // otherwise crash this process before its disconnect handler kills the groups
  if (process.connected) process.send(message, () => {});
}

function start({ id, command, args, cwd, env, stdin }) {
  let child;
  try {
    child = spawn(command, args, { cwd, env, detached: true, stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
  } catch (e) {
    send({ type: "exit", id, code: null, signal: null, error: `${command}: ${e.message}` });
    return;
  }
  let exited = false;
  const finish = (code, signal, error) => {
    if (exited) return;
    exited = true;
    // whatever the program left running in its group goes with it
    if (child.pid !== undefined) {
      killGroup(child.pid, "SIGKILL");
      groups.delete(child.pid);
    }
    send({ type: "exit", id, code, signal, error });
  };
  if (child.pid !== undefined) {
    groups.set(child.pid, id);
    send({ type: "spawned", id, pid: child.pid });
  }
  child.stdout.setEncoding("utf8").on("data", (text) => send({ type: "out", id, text, stream: "stdout" }));
  child.stderr.setEncoding("utf8").on("data", (text) => send({ type: "out", id, text, stream: "stderr" }));
  if (stdin !== undefined) {
    child.stdin.on("error", () => {}); // a program that does not read its stdin
    child.stdin.end(stdin);
  }
  child.on("error", (e) => finish(null, null, `${command}: ${e.message}`));
  child.on("close", (code, signal) => finish(code, signal, null));
}

process.on("message", (message) => {
  if (message?.type === "start") start(message);
});
process.on("disconnect", () => {
  for (const pid of groups.keys()) killGroup(pid, "SIGKILL");
  process.exit(0);
});
