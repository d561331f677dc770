// @-mention parsing (docs/design.md §6): whole names, case-insensitive, longest name first, agent:// links,
// never inside an email address, each agent once.
import { describe, expect, it } from "vitest";
import { parseMentions } from "@/lib/services/mentions";

const ada = { id: "0190a000-0000-7000-8000-000000000001", name: "Ada" };
const adaL = { id: "0190a000-0000-7000-8000-000000000002", name: "Ada Lovelace" };
const bob = { id: "0190a000-0000-7000-8000-000000000003", name: "Bob" };
const acme = { id: "0190a000-0000-7000-8000-000000000004", name: "acme" };
const agents = [ada, adaL, bob, acme];

const ids = (text: string) => parseMentions(text, agents);

describe("parseMentions", () => {
  it("reads a multi-word name when the whole name follows, the shorter one otherwise", () => {
    expect(ids("@Ada Lovelace please look")).toEqual([adaL.id]);
    expect(ids("@Ada please look")).toEqual([ada.id]);
    expect(ids("@Ada Lovelock please look")).toEqual([ada.id]);
    expect(ids("@Ada and @Ada Lovelace")).toEqual([ada.id, adaL.id]);
  });

  it("tries the longest name first whatever order the agents come in", () => {
    expect(parseMentions("hi @ada lovelace", [adaL, ada])).toEqual([adaL.id]);
    expect(parseMentions("hi @ada lovelace", [ada, adaL])).toEqual([adaL.id]);
  });

  it("is case-insensitive", () => {
    expect(ids("@bob and @BOB and @ADA LOVELACE")).toEqual([bob.id, adaL.id]);
  });

  it("matches whole names only", () => {
    expect(ids("@Bobby, @Adam, @Ada_x")).toEqual([]);
    expect(ids("@Ada Lovelaceous")).toEqual([ada.id]);
  });

  it("does not match inside an email address", () => {
    expect(ids("write to bob@acme.com or ada@acme")).toEqual([]);
    expect(ids("x@Bob")).toEqual([]);
  });

  it("accepts punctuation and line ends after a name", () => {
    expect(ids("@Bob, look")).toEqual([bob.id]);
    expect(ids("Thanks @Bob.")).toEqual([bob.id]);
    expect(ids("(@Bob) @Ada!")).toEqual([bob.id, ada.id]);
    expect(ids("@Bob")).toEqual([bob.id]);
    expect(ids("ping\n@Ada\n")).toEqual([ada.id]);
  });

  it("counts [@Name](agent://<id>) links, upper or lower case ids", () => {
    expect(ids(`see [@someone](agent://${bob.id})`)).toEqual([bob.id]);
    expect(ids(`see [Bob's page](agent://${bob.id.toUpperCase()})`)).toEqual([bob.id]);
  });

  it("ignores links to ids that are not among the agents", () => {
    expect(ids("see [@Ghost](agent://0190a000-0000-7000-8000-0000000000ff)")).toEqual([]);
    expect(ids("see [@Ghost](agent://not-a-uuid)")).toEqual([]);
  });

  it("names each agent once however often it is mentioned", () => {
    expect(ids(`@Bob @bob [@Bob](agent://${bob.id}) @Bob.`)).toEqual([bob.id]);
  });

  it("finds nothing without an @ or without agents", () => {
    expect(ids("Bob and Ada Lovelace")).toEqual([]);
    expect(parseMentions("@Bob", [])).toEqual([]);
    expect(ids("@ Bob @")).toEqual([]);
  });
});

describe("link text", () => {
  it("a link's text is not read as a mention of someone else", () => {
    const ada = { id: "11111111-1111-4111-8111-111111111111", name: "Ada" };
    const bob = { id: "22222222-2222-4222-8222-222222222222", name: "Bob" };
    expect(parseMentions(`see [@Ada](agent://${bob.id})`, [ada, bob])).toEqual([bob.id]);
    expect(parseMentions(`[@Ada](agent://${bob.id}) and @Ada`, [ada, bob])).toEqual([bob.id, ada.id]);
  });
});
