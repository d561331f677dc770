// The outbox events of questions (question.asked, question.answered), written in the transaction of
// the change. Until the outbox foundation lands on this branch this is where they will be emitted.
import type { Question } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/services/context";

export async function emitQuestionEvent(_tx: Tx, _actor: Actor | null, _q: Question, _type: "question.asked" | "question.answered") {
  // filled by the merge of the outbox branch (emitEvent)
}
