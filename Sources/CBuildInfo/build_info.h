// The commit and its date a release binary was built from, for `boxoffice --version`.
//
// `make build` defines both with -Xcc (BOXOFFICE_COMMIT="1a2b3c4d5e6f", BOXOFFICE_COMMIT_DATE=
// "2026-11-28", from git); a plain `swift build` leaves them empty and the version says so. A macro
// is the one way a build passes a value into Swift code without a generated file in the tree: the
// module is only this header, read by Swift's Clang importer with the build's flags. The date is
// the commit's, not the build's, so that two builds of one commit are the same bytes.
#ifndef BOXOFFICE_BUILD_INFO_H
#define BOXOFFICE_BUILD_INFO_H

#ifndef BOXOFFICE_COMMIT
#define BOXOFFICE_COMMIT ""
#endif
#ifndef BOXOFFICE_COMMIT_DATE
#define BOXOFFICE_COMMIT_DATE ""
#endif

static inline const char *boxoffice_commit(void) { return BOXOFFICE_COMMIT; }
static inline const char *boxoffice_commit_date(void) { return BOXOFFICE_COMMIT_DATE; }

#endif
