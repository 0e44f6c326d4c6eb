// The GitHub Actions workflow `toolwarden init` writes (and docs/ci.md explains).
// `dir` is the policy folder relative to the repository root; `cli` how to run toolwarden.

export function policyWorkflow(dir: string, cli = 'npx toolwarden', setup = 'npm ci'): string {
  return `# Checks every change to the agent tool policies (see docs/ci.md in toolwarden).
name: policies

on:
  pull_request:
    paths: ["${dir}/**", ".github/workflows/policies.yml"]
  push:
    branches: [main]
    paths: ["${dir}/**"]

permissions:
  contents: read

jobs:
  policies:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0            # the diff step needs the base branch

      - uses: actions/setup-node@v4
        with:
          node-version: 20

      - name: Install
        run: ${setup}

      - name: Validate (annotations on the changed lines)
        run: ${cli} validate ${dir}/ --format github

      - name: Test, 100% rule coverage
        run: ${cli} test ${dir}/ --format junit --min-coverage 100 > policy-tests.xml

      - name: Test report
        if: failure()
        run: ${cli} test ${dir}/ --min-coverage 100 | tee -a "$GITHUB_STEP_SUMMARY"

      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: policy-tests
          path: policy-tests.xml

      - name: What this change loosens
        if: github.event_name == 'pull_request'
        env:
          BASE_REF: \${{ github.base_ref }}
          # A reviewer who accepts a loosening adds this label; the diff is still reported.
          LOOSENING_APPROVED: \${{ contains(github.event.pull_request.labels.*.name, 'policy-loosening-approved') }}
        run: |
          git worktree add "$RUNNER_TEMP/base" "origin/$BASE_REF"
          if [ ! -d "$RUNNER_TEMP/base/${dir}" ]; then
            echo "No policies on the base branch: nothing to compare." >> "$GITHUB_STEP_SUMMARY"
            exit 0
          fi
          fail_on="--fail-on=loosen"
          if [ "$LOOSENING_APPROVED" = "true" ]; then fail_on=""; fi
          set +e
          ${cli} diff "$RUNNER_TEMP/base/${dir}" ${dir}/ --format markdown $fail_on > policy-diff.md
          status=$?
          cat policy-diff.md >> "$GITHUB_STEP_SUMMARY"
          exit $status
`;
}
