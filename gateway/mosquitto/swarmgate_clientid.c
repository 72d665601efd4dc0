/*
 * A Mosquitto 2 plugin that binds MQTT client ids to users, as swarmgate's embedded broker does:
 * a client id that names a fleet user (`<username>` or `<username>:...`) may be used only by
 * that user. Without it any fleet user could disconnect any robot by connecting with the
 * robot's client id (MQTT hands the id to the newest connection). Mosquitto's own options
 * cannot say this: use_username_as_clientid allows one connection per user, clientid_prefixes
 * is one prefix for everybody, and the dynamic-security plugin binds one id per user.
 *
 * Loaded by the swarmgate.conf that `swarmgate fleet mosquitto-config` writes:
 *   plugin DIR/swarmgate_clientid.so
 *   plugin_opt_users gw,mona-01,team-blue      (every fleet username)
 * It refuses or defers: the password file still authenticates every client.
 *
 * Build (the CLI does this): cc -shared -fPIC -O2 -o swarmgate_clientid.so swarmgate_clientid.c
 * with Debian's mosquitto-dev and libmosquitto-dev headers.
 */
#include <stdlib.h>
#include <string.h>
#include <mosquitto.h>
#include <mosquitto_broker.h>
#include <mosquitto_plugin.h>

static mosquitto_plugin_id_t *plugin_id;
/* The fleet's usernames, comma separated (usernames contain no comma: the fleet grammar). */
static char *users;

/* True when `id`'s owner part (up to the first ':') is a fleet user other than `username`. */
static int owned_by_another_user(const char *id, const char *username)
{
	size_t owner_len = strcspn(id, ":");
	const char *user = users;
	while (user != NULL && *user != '\0') {
		size_t user_len = strcspn(user, ",");
		if (user_len == owner_len && strncmp(user, id, owner_len) == 0) {
			return username == NULL || strlen(username) != owner_len || strncmp(username, id, owner_len) != 0;
		}
		user += user_len;
		if (*user == ',') user++;
	}
	return 0;
}

static int on_basic_auth(int event, void *event_data, void *userdata)
{
	struct mosquitto_evt_basic_auth *auth = event_data;
	const char *id = mosquitto_client_id(auth->client);
	(void)event;
	(void)userdata;
	if (id != NULL && owned_by_another_user(id, auth->username)) {
		mosquitto_log_printf(MOSQ_LOG_WARNING, "swarmgate: connect refused: client id %s belongs to another user (login %s)",
			id, auth->username != NULL ? auth->username : "(none)");
		return MOSQ_ERR_AUTH;
	}
	return MOSQ_ERR_PLUGIN_DEFER;
}

int mosquitto_plugin_version(int supported_version_count, const int *supported_versions)
{
	(void)supported_version_count;
	(void)supported_versions;
	return 5;
}

int mosquitto_plugin_init(mosquitto_plugin_id_t *identifier, void **userdata, struct mosquitto_opt *opts, int opt_count)
{
	(void)userdata;
	plugin_id = identifier;
	for (int i = 0; i < opt_count; i++) {
		if (strcmp(opts[i].key, "users") == 0) {
			free(users);
			users = strdup(opts[i].value);
		}
	}
	return mosquitto_callback_register(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL, NULL);
}

int mosquitto_plugin_cleanup(void *userdata, struct mosquitto_opt *opts, int opt_count)
{
	(void)userdata;
	(void)opts;
	(void)opt_count;
	free(users);
	users = NULL;
	return mosquitto_callback_unregister(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL);
}
