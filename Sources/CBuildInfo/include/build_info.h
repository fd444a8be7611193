// The commit and its date a release binary was built from, for `boxoffice --version`.
#ifndef BOXOFFICE_BUILD_INFO_H
#define BOXOFFICE_BUILD_INFO_H

/// The commit `make build` built from (`1a2b3c4d5e6f`, `+changes` after it when the tree differed),
/// or "" for a plain `swift build`.
const char *boxoffice_commit(void);
/// The commit's date (`2026-11-28`), not the build's, so two builds of one commit are the same bytes.
const char *boxoffice_commit_date(void);

#endif
