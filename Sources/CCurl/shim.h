// libcurl for Swift, loaded when a run first needs the network rather than when the binary starts.
//
// Why loaded, not linked: libcurl brings some thirty libraries of its own (TLS, Kerberos, LDAP, SSH
// …), and resolving them took 3.7 ms of every start (a Swift program linked with -lcurl started in
// 5.6 ms against 1.9 ms without), on every offline report and `report --sample` too. And why these
// wrappers: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift
// cannot call, so each kind of argument boxoffice passes gets a typed one.
#ifndef BOXOFFICE_CCURL_SHIM_H
#define BOXOFFICE_CCURL_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

// The few libcurl types and values boxoffice uses, declared here so that building needs only the
// Swift toolchain, not libcurl's development files (issue 61): libcurl keeps these numbers and
// layouts fixed across its versions (its ABI promise; a value is never renumbered). The values are
// libcurl 7.88.1's (Debian 12), and `scripts/check-curl-abi` compares each with the installed
// <curl/curl.h> wherever that header is present (CI installs it for the check alone).
typedef void CURL;
typedef void CURLM;
typedef int curl_socket_t;

typedef enum {
    CURLE_OK = 0,
    CURLE_FAILED_INIT = 2,
    CURLE_COULDNT_RESOLVE_PROXY = 5,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WEIRD_SERVER_REPLY = 8,
    CURLE_HTTP2 = 16,
    CURLE_PARTIAL_FILE = 18,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_UNKNOWN_OPTION = 48,
    CURLE_GOT_NOTHING = 52,
    CURLE_SEND_ERROR = 55,
    CURLE_RECV_ERROR = 56,
    CURLE_BAD_CONTENT_ENCODING = 61,
    CURLE_HTTP2_STREAM = 92,
    CURL_LAST_ = 1000 /* libcurl's codes go on; none of the others is named here */
} CURLcode;

typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_LOW_SPEED_LIMIT = 19,
    CURLOPT_LOW_SPEED_TIME = 20,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_FORBID_REUSE = 75,
    CURLOPT_HTTPGET = 80,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_PREREQFUNCTION = 20312, /* libcurl 7.80 */
    CURLOPT_PREREQDATA = 10313,     /* libcurl 7.80 */
    CURLOPT_PROTOCOLS_STR = 10318   /* libcurl 7.85 */
} CURLoption;

typedef enum {
    CURLINFO_RESPONSE_CODE = 0x200002
} CURLINFO;

typedef enum {
    CURLM_OK = 0,
    CURLM_LAST_ = 1000
} CURLMcode;

typedef enum {
    CURLMOPT_MAXCONNECTS = 6,
    CURLMOPT_MAX_HOST_CONNECTIONS = 7
} CURLMoption;

typedef enum {
    CURLMSG_NONE = 0,
    CURLMSG_DONE = 1,
    CURLMSG_LAST = 2
} CURLMSG;

typedef struct CURLMsg {
    CURLMSG msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

struct curl_slist {
    char *data;
    struct curl_slist *next;
};

struct curl_waitfd {
    curl_socket_t fd;
    short events;
    short revents;
};

#define CURL_GLOBAL_ALL 3L
#define CURL_PREREQFUNC_OK 0

/// The libcurl functions boxoffice calls, looked up in the library once it is loaded.
typedef struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *easy);
    CURLcode (*easy_setopt)(CURL *easy, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *easy, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMcode (*multi_cleanup)(CURLM *multi);
} boxoffice_curl_api;

/// Loads the library at `path` (NULL: the system's libcurl) into `api` and initialises it; 0 when
/// it cannot be loaded, lacks a function, or fails to initialise.
static inline int boxoffice_curl_load(boxoffice_curl_api *api, const char *path) {
#ifdef __APPLE__
    void *library = dlopen(path ? path : "libcurl.4.dylib", RTLD_LAZY | RTLD_LOCAL);
#else
    void *library = dlopen(path ? path : "libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
#endif
    if (!library) return 0;
#define BOXOFFICE_CURL_FIND(field, name) \
    if (!(*(void **)&api->field = dlsym(library, name))) return 0;
    BOXOFFICE_CURL_FIND(global_init, "curl_global_init")
    BOXOFFICE_CURL_FIND(easy_init, "curl_easy_init")
    BOXOFFICE_CURL_FIND(easy_cleanup, "curl_easy_cleanup")
    BOXOFFICE_CURL_FIND(easy_setopt, "curl_easy_setopt")
    BOXOFFICE_CURL_FIND(easy_getinfo, "curl_easy_getinfo")
    BOXOFFICE_CURL_FIND(easy_strerror, "curl_easy_strerror")
    BOXOFFICE_CURL_FIND(slist_append, "curl_slist_append")
    BOXOFFICE_CURL_FIND(slist_free_all, "curl_slist_free_all")
    BOXOFFICE_CURL_FIND(multi_init, "curl_multi_init")
    BOXOFFICE_CURL_FIND(multi_setopt, "curl_multi_setopt")
    BOXOFFICE_CURL_FIND(multi_add_handle, "curl_multi_add_handle")
    BOXOFFICE_CURL_FIND(multi_remove_handle, "curl_multi_remove_handle")
    BOXOFFICE_CURL_FIND(multi_perform, "curl_multi_perform")
    BOXOFFICE_CURL_FIND(multi_info_read, "curl_multi_info_read")
    BOXOFFICE_CURL_FIND(multi_poll, "curl_multi_poll")
    BOXOFFICE_CURL_FIND(multi_wakeup, "curl_multi_wakeup")
    BOXOFFICE_CURL_FIND(multi_cleanup, "curl_multi_cleanup")
#undef BOXOFFICE_CURL_FIND
    return api->global_init(CURL_GLOBAL_ALL) == CURLE_OK;
}

typedef size_t (*boxoffice_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode boxoffice_curl_easy_setopt_long(const boxoffice_curl_api *api, CURL *easy, CURLoption option, long value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode boxoffice_curl_easy_setopt_pointer(const boxoffice_curl_api *api, CURL *easy, CURLoption option, const void *value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode boxoffice_curl_easy_setopt_callback(const boxoffice_curl_api *api, CURL *easy, CURLoption option, boxoffice_curl_data_callback callback) {
    return api->easy_setopt(easy, option, callback);
}

typedef int (*boxoffice_curl_prereq_callback)(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port);

/// CURLOPT_PREREQFUNCTION (libcurl 7.80): called each time libcurl is about to send the request,
/// the sends it makes on its own included (again on a new connection when a reused one died).
/// CURLE_UNKNOWN_OPTION from a libcurl older than the option.
static inline CURLcode boxoffice_curl_easy_setopt_prereq(const boxoffice_curl_api *api, CURL *easy, boxoffice_curl_prereq_callback callback) {
    return api->easy_setopt(easy, CURLOPT_PREREQFUNCTION, callback);
}

static inline CURLcode boxoffice_curl_easy_setopt_prereq_data(const boxoffice_curl_api *api, CURL *easy, void *context) {
    return api->easy_setopt(easy, CURLOPT_PREREQDATA, context);
}

static inline CURLcode boxoffice_curl_easy_getinfo_long(const boxoffice_curl_api *api, CURL *easy, CURLINFO info, long *value) {
    return api->easy_getinfo(easy, info, value);
}

static inline CURLMcode boxoffice_curl_multi_setopt_long(const boxoffice_curl_api *api, CURLM *multi, CURLMoption option, long value) {
    return api->multi_setopt(multi, option, value);
}

#endif
