// The files build tools, test runners and linters read from the directory they run in and run
// as code (or that name code or programs they run): a line that writes one before such a
// program runs made what it runs (shell/scripts.ts noteScripts; red team 29b). Names are
// matched wherever the file lies (a `cd` may come between); `*.ext` stands for any file ending so.
// Package managers' own settings files are in package-managers.ts.

const PYTEST = ['conftest.py', 'test_*.py', '*_test.py', 'pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'];
const PYTHON_PROJECT = ['pyproject.toml', 'setup.py', 'setup.cfg'];
const GRADLE = ['build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts', 'gradle.properties', '*.gradle', '*.gradle.kts', 'gradle-wrapper.properties', 'gradle-wrapper.jar'];
const MAVEN = ['pom.xml', 'extensions.xml', 'maven.config', 'jvm.config', 'maven-wrapper.properties', 'maven-wrapper.jar'];
const JS_CONFIG = (stem: string): string[] => ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].map((ext) => `${stem}.${ext}`);

/** Each program's name → the files it runs as code from its directory. */
export const RUNNER_FILES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  // pytest imports conftest.py and the test files it collects; its ini files add plugins (`addopts = -p x`).
  ['pytest', PYTEST], ['py.test', PYTEST],
  ['tox', ['tox.ini', 'tox.toml', 'pyproject.toml', 'setup.cfg', 'setup.py']],
  ['nox', ['noxfile.py']],
  ['pip', PYTHON_PROJECT], ['pip3', PYTHON_PROJECT], ['uv', [...PYTHON_PROJECT, 'uv.toml']], ['poetry', PYTHON_PROJECT], ['pdm', PYTHON_PROJECT], ['hatch', [...PYTHON_PROJECT, 'hatch.toml']],
  // make reads its makefile's includes too (`include common.mk`).
  ['make', ['*.mk']], ['gmake', ['Makefile', 'makefile', 'GNUmakefile', '*.mk']],
  ['rake', ['Rakefile', 'rakefile', 'Rakefile.rb', 'rakefile.rb', '*.rake']],
  ['bundle', ['Gemfile', 'gems.rb', '*.gemspec']],
  ['rspec', ['.rspec', '*_spec.rb', 'spec_helper.rb', 'rails_helper.rb']],
  ['just', ['justfile', 'Justfile', '.justfile', 'JUSTFILE']],
  ['task', ['Taskfile.yml', 'Taskfile.yaml', 'taskfile.yml', 'taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml', 'taskfile.dist.yml', 'taskfile.dist.yaml']],
  ['cmake', ['CMakeLists.txt', '*.cmake', 'CMakePresets.json', 'CMakeUserPresets.json']],
  ['mvn', MAVEN], ['mvnw', MAVEN], ['gradle', GRADLE], ['gradlew', GRADLE],
  // jest and vitest also run the test files they find by name.
  ['jest', [...JS_CONFIG('jest.config'), 'jest.config.json', 'package.json', '*.test.*', '*.spec.*']],
  ['vitest', [...JS_CONFIG('vitest.config'), ...JS_CONFIG('vite.config'), ...JS_CONFIG('vitest.workspace'), 'package.json', '*.test.*', '*.spec.*']],
  ['vite', [...JS_CONFIG('vite.config'), 'package.json']],
  ['mocha', ['.mocharc.js', '.mocharc.cjs', '.mocharc.mjs', '.mocharc.yml', '.mocharc.yaml', '.mocharc.json', '.mocharc.jsonc', 'package.json']],
  ['eslint', [...JS_CONFIG('eslint.config'), '.eslintrc', '.eslintrc.js', '.eslintrc.cjs', '.eslintrc.yml', '.eslintrc.yaml', '.eslintrc.json', 'package.json']],
  ['prettier', ['.prettierrc', ...JS_CONFIG('.prettierrc'), '.prettierrc.json', '.prettierrc.json5', '.prettierrc.yml', '.prettierrc.yaml', '.prettierrc.toml', ...JS_CONFIG('prettier.config'), 'package.json']],
  ['babel', [...JS_CONFIG('babel.config'), 'babel.config.json', '.babelrc', ...JS_CONFIG('.babelrc'), '.babelrc.json', 'package.json']],
  ['webpack', [...JS_CONFIG('webpack.config'), 'package.json']],
  ['rollup', [...JS_CONFIG('rollup.config'), 'package.json']],
  ['playwright', [...JS_CONFIG('playwright.config'), 'package.json']],
  ['stylelint', [...JS_CONFIG('stylelint.config'), '.stylelintrc', ...JS_CONFIG('.stylelintrc'), '.stylelintrc.json', '.stylelintrc.yml', '.stylelintrc.yaml', 'package.json']],
]);
