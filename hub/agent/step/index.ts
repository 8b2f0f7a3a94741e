/** Agent mode "step": the public face. */
export { type ClaimVerdict, claimVerdictSchema } from "../finish.js";
export { ACTION_HISTORY_SIZE, type BuiltContext, buildContext, type ContextInput, type Turn } from "./context.js";
export {
  InMemoryLessonRepository,
  InMemoryReferenceRunRepository,
  type Lesson,
  type LessonRepository,
  type ReferenceRun,
  type ReferenceRunRepository,
} from "./memory.js";
export {
  DEFAULT_LADDER,
  type LadderDecision,
  type LadderOptions,
  RecoveryLadder,
  type RecoveryLevel,
} from "./recovery.js";
export {
  DEFAULT_STEP_LIMITS,
  StepAgent,
  type StepAgentOptions,
  type StepLimits,
  type StepRunResult,
  type StepRunStats,
  testCaseOptions,
} from "./step-agent.js";
export type { StepLog, StepLogImage } from "./step-log.js";
export { parseTestCase, type TestCase, testCaseSchema } from "./test-case.js";
export {
  actionFromToolCall,
  actionSchema,
  availableTools,
  nativeTools,
  renderTools,
  type StepAction,
  TOOLS,
  type ToolName,
} from "./tools.js";
