import uuid

from django.db import migrations, models


def give_each_game_its_uuid(apps, schema_editor):
    """Games started before the field: one UUID each (a column default would repeat one)."""
    Game = apps.get_model("scorekeeper", "Game")
    for pk in Game.objects.values_list("pk", flat=True).iterator():
        Game.objects.filter(pk=pk).update(uuid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0004_game_seats")]

    operations = [
        migrations.AddField(model_name="game", name="uuid", field=models.UUIDField(null=True)),
        migrations.RunPython(give_each_game_its_uuid, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="uuid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
