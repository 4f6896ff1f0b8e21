/**
 * The review page's view of the server: GraphQL over HTTP with the staff key, which lives only in
 * this object (memory): never in storage, cookies or the URL, so closing or reloading the page
 * signs the clinician out.
 */

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** A GraphQL `extensions.code`, or NETWORK. */
    readonly code: string,
    message: string,
    /** For BAD_USER_INPUT: which input field. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export type Severity = 'SELF_CARE' | 'URGENT_PRIMARY_CARE' | 'A_AND_E';
export type Verdict = 'CORRECT' | 'UNDER_TRIAGED' | 'OVER_TRIAGED' | 'WRONG_CONDITION' | 'UNSAFE_ANSWER';
export type Reason = 'FAILED_AFTER_EMERGENCY_ADVICE' | 'SAFETY_FLOOR_RAISED' | 'EMERGENCY_ON_POSSIBLE_FINDINGS' | 'NEGATIVE_FEEDBACK' | 'INCONCLUSIVE' | 'LOW_RETRIEVAL_SCORE';

export interface QueueEntry {
  reasons: Reason[];
  priority: number;
  turn: { id: string; startedAt: string; status: string; route: string | null };
  thread: { id: string };
}

export interface Review {
  verdict: Verdict;
  condition: string | null;
  conditionTitle: string | null;
  severity: Severity;
  note: string | null;
  reviewer: { name: string };
  reviewedAt: string;
}

export interface CaseFinding {
  concept: string;
  assertion: string;
  words: string;
  message: number;
  cue: string | null;
  retracted: boolean;
  supersededBy: number | null;
  rules: string[];
}

export interface TurnDetail {
  id: string;
  threadId: string;
  status: string;
  route: string | null;
  engine: string;
  startedAt: string;
  reasoning: string | null;
  answer: string | null;
  searchQuery: string | null;
  reasonerOutput: string | null;
  prediction: { condition: string; conditionTitle: string; severity: Severity } | null;
  sources: { slug: string; title: string; url: string; score: number }[];
  trace: Record<string, unknown> | null;
  /** The conversation's case as the safety rules read it for this turn. */
  case: { findings: CaseFinding[]; correctedMessages: number[] } | null;
  error: { code: string; detail: string } | null;
  feedback: { rating: 'HELPFUL' | 'NOT_HELPFUL'; comment: string | null } | null;
  review: Review | null;
  reviewReasons: Reason[];
}

export interface ThreadDetail {
  demographics: { age: number | null; sex: string | null; pregnant: boolean | null; notes: string | null } | null;
  messages: { id: string; role: 'USER' | 'ASSISTANT'; text: string; createdAt: string; turn: { id: string } | null }[];
}

export interface DayStats {
  day: string;
  helpful: number;
  notHelpful: number;
  verdicts: { correct: number; underTriaged: number; overTriaged: number; wrongCondition: number; unsafeAnswer: number };
}

const REVIEW_FIELDS = 'verdict condition conditionTitle severity note reviewer { name } reviewedAt';

export class ReviewApi {
  private key = '';

  constructor(private readonly endpoint: string) {}

  get signedIn(): boolean {
    return this.key !== '';
  }

  /** Checks the key is a staff key before keeping it. */
  async signIn(key: string): Promise<void> {
    this.key = key.trim();
    try {
      const { viewer } = await this.request<{ viewer: { kind: string } }>('query ReviewViewer { viewer { kind } }');
      if (viewer.kind !== 'staff') throw new ApiError('FORBIDDEN', 'This is not a staff key.');
    } catch (error) {
      this.key = '';
      throw error;
    }
  }

  signOut(): void {
    this.key = '';
  }

  async queue(filter: { reasons?: Reason[]; reviewed?: boolean | null }): Promise<{ total: number; entries: QueueEntry[] }> {
    const data = await this.request<{ reviewQueue: { totalCount: number; edges: { node: QueueEntry }[] } }>(
      `query ReviewQueue($filter: ReviewQueueFilter) {
        reviewQueue(filter: $filter, first: 100) {
          totalCount
          edges { node { reasons priority turn { id startedAt status route } thread { id } } }
        }
      }`,
      { filter },
    );
    return { total: data.reviewQueue.totalCount, entries: data.reviewQueue.edges.map((e) => e.node) };
  }

  async turn(id: string): Promise<{ turn: TurnDetail; thread: ThreadDetail }> {
    const { turn } = await this.request<{ turn: TurnDetail }>(
      `query ReviewTurn($id: ID!) {
        turn(id: $id) {
          id threadId status route engine startedAt reasoning answer searchQuery reasonerOutput trace reviewReasons
          prediction { condition conditionTitle severity }
          sources { slug title url score }
          case { correctedMessages findings { concept assertion words message cue retracted supersededBy rules } }
          error { code detail }
          feedback { rating comment }
          review { ${REVIEW_FIELDS} }
        }
      }`,
      { id },
    );
    const { thread } = await this.request<{ thread: { demographics: ThreadDetail['demographics']; messages: { edges: { node: ThreadDetail['messages'][number] }[] } } }>(
      `query ReviewThread($id: ID!) {
        thread(id: $id) {
          demographics { age sex pregnant notes }
          messages(first: 200) { edges { node { id role text createdAt turn { id } } } }
        }
      }`,
      { id: turn.threadId },
    );
    return { turn, thread: { demographics: thread.demographics, messages: thread.messages.edges.map((e) => e.node) } };
  }

  async conditions(): Promise<{ slug: string; title: string }[]> {
    return (await this.request<{ conditions: { slug: string; title: string }[] }>('query ReviewConditions { conditions { slug title } }')).conditions;
  }

  async stats(days: number): Promise<DayStats[]> {
    const data = await this.request<{ reviewStats: DayStats[] }>(
      `query ReviewStats($days: Int) {
        reviewStats(days: $days) { day helpful notHelpful verdicts { correct underTriaged overTriaged wrongCondition unsafeAnswer } }
      }`,
      { days },
    );
    return data.reviewStats;
  }

  async review(turnId: string, input: { verdict: Verdict; severity: Severity; condition: string | null; note: string | null }): Promise<Review> {
    const data = await this.request<{ reviewTurn: Review }>(
      `mutation ReviewTurn($turnId: ID!, $input: ReviewInput!) { reviewTurn(turnId: $turnId, input: $input) { ${REVIEW_FIELDS} } }`,
      { turnId, input },
    );
    return data.reviewTurn;
  }

  private async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({ query, variables }),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiError('NETWORK', error instanceof Error ? error.message : String(error));
    }
    const body = (await res.json().catch(() => ({}))) as { data?: T | null; errors?: { message: string; extensions?: { code?: string; field?: string } }[] };
    const first = body.errors?.[0];
    if (first) throw new ApiError(first.extensions?.code ?? 'INTERNAL', first.message, first.extensions?.field);
    if (!body.data) throw new ApiError('BAD_RESPONSE', `The server answered ${res.status} without data.`);
    return body.data;
  }
}
